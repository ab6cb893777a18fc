/**
 * Human gates and threads (gate_question, message) and the per-call model ledger (model_call).
 * DDL as the schema generator emits it for the entities, tables qualified by the configured
 * schema at run time (see Init). The unique (run_id, step_id) is what keeps one question per
 * gate across resumes and replicas.
 */
import { Migration } from '@mikro-orm/migrations';
import { qualify } from './qualify.js';

export class Migration20261122020000Gates extends Migration {
  override up(): void {
    const t = (table: string) => qualify(this.config.get('schema'), table);
    this.addSql(
      `create table ${t('gate_question')} ("id" varchar(255) not null, "run_id" varchar(255) not null, "step_id" varchar(255) not null, "purpose" varchar(255) not null, "principal" varchar(255) not null, "thread" varchar(255) not null, "prompt" text not null, "options" jsonb not null, "assignee" varchar(255) null, "status" varchar(255) not null, "deadline_at" timestamptz not null, "created_at" timestamptz not null, "message_id" varchar(255) null, "answered_at" timestamptz null, "option_id" varchar(255) null, "answered_by" varchar(255) null, "close_reason" varchar(255) null, "signaled_at" timestamptz null, constraint "gate_question_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "gate_question_status_deadline_at_index" on ${t('gate_question')} ("status", "deadline_at");`);
    this.addSql(`alter table ${t('gate_question')} add constraint "gate_question_run_id_step_id_unique" unique ("run_id", "step_id");`);
    this.addSql(
      `create table ${t('message')} ("id" bigserial primary key, "thread" varchar(255) not null, "reply_to" varchar(255) null, "question_id" varchar(255) null, "kind" varchar(255) not null, "author_kind" varchar(255) not null, "author" varchar(255) not null, "author_id" varchar(255) null, "body" text not null, "created_at" timestamptz not null, "outcome" varchar(255) null);`,
    );
    this.addSql(`create index "message_reply_to_index" on ${t('message')} ("reply_to");`);
    this.addSql(`create index "message_thread_id_index" on ${t('message')} ("thread", "id");`);
    this.addSql(
      `create table ${t('model_call')} ("id" varchar(255) not null, "at" timestamptz not null, "provider" varchar(255) not null, "model" varchar(255) not null, "input_tokens" int null, "output_tokens" int null, "micro_dollars" double precision null, "run_id" varchar(255) null, "step_id" varchar(255) null, constraint "model_call_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "model_call_at_index" on ${t('model_call')} ("at");`);
    this.addSql(`create index "model_call_run_id_index" on ${t('model_call')} ("run_id");`);
  }
}
