{{/* The release's base name: fullnameOverride, else the release name, at most 63 characters. */}}
{{- define "svc.fullname" -}}
{{- .Values.fullnameOverride | default .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- end }}

{{- define "svc.image" -}}
{{ .Values.image.repository }}:{{ .Values.image.tag | default .Chart.AppVersion }}
{{- end }}

{{- define "svc.labels" -}}
app.kubernetes.io/name: svc
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ .Chart.Name }}-{{ .Chart.Version }}
{{- end }}

{{- define "svc.selector" -}}
app.kubernetes.io/name: svc
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{- define "svc.secretName" -}}
{{- if .Values.secrets.existingSecret -}}
{{ .Values.secrets.existingSecret }}
{{- else -}}
{{ include "svc.fullname" . }}-secrets
{{- end -}}
{{- end }}

{{/* The environment every svc container shares: non-secret settings inline, secrets by reference. */}}
{{- define "svc.env" -}}
- name: NATS_URL
  value: {{ .Values.nats.url | quote }}
{{- range $name, $value := .Values.config }}
- name: {{ $name }}
  value: {{ $value | quote }}
{{- end }}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ include "svc.secretName" . }}
      key: database-url
- name: SVC_SESSION_KEY
  valueFrom:
    secretKeyRef:
      name: {{ include "svc.secretName" . }}
      key: session-key
{{- end }}
