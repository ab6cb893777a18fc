// Generated from the OpenAPI document by scripts/sdk-types.ts (`npm run build`); do not edit.

export interface paths {
    "/.well-known/oauth-protected-resource": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** OAuth protected resource metadata of /mcp, named by the WWW-Authenticate of its 401 (no token needed) */
        get: operations["getProtectedResourceMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/oauth-protected-resource/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** OAuth protected resource metadata of /mcp, named by the WWW-Authenticate of its 401 (no token needed) */
        get: operations["getMcpProtectedResourceMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/agents/balances": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** each org account's native and token holdings, per chain; a chain that cannot be read is read: false with the reason */
        get: operations["getAgentBalances"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/agents/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** pauses an agent: new runs as it are refused and its parked runs cancelled (operator, or the seat itself) */
        post: operations["pauseAgent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/agents/unpause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** lifts an agent pause so runs as it start again (operator only) */
        post: operations["unpauseAgent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/assets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** asset stacks the org can budget in, primary first */
        get: operations["listAssets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/boot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** provisions a session key for a worker: bounded, expiring, pinned; a paused agent gets none (operator only) */
        post: operations["bootSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/budgets/inference": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** every inference budget with its counters */
        get: operations["listInferenceBudgets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/budgets/inference/{crew}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** one crew's (or seat's) inference budget and its counters */
        get: operations["getInferenceBudget"];
        /** sets the limit and enforcement of an inference budget (counters carry over; operator only) */
        put: operations["setInferenceBudget"];
        post?: never;
        /** removes an inference budget: its crew is no longer bounded (operator only) */
        delete: operations["removeInferenceBudget"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/budgets/inference/{crew}/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** zeroes an inference budget's counters; calls in flight still settle (operator only) */
        post: operations["resetInferenceBudget"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connectors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** registered connectors, their routes and the env vars each reads (set or not, never a value) */
        get: operations["listConnectors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dlq": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** commands the bus ended (terminal error, or a failure on every delivery), newest first */
        get: operations["listDeadLetters"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dlq/drop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** removes a dead letter without sending its command again */
        post: operations["dropDeadLetter"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dlq/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** sends a dead letter's command again, as first sent, and removes the dead letter */
        post: operations["replayDeadLetter"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/epoch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** stream allowances through the chain port, then fire every trigger: epoch flow */
        post: operations["runEpoch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** live events as server-sent events */
        get: operations["streamEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/flows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** saved definitions visible to the caller */
        get: operations["listFlows"];
        put?: never;
        /** validates and saves a definition (FlowSaved); a seat may overwrite only its own; `?eval=1` (operator) first runs the eval scenarios naming it against it and refuses the save when one fails */
        post: operations["saveFlow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/flows/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** removes a saved definition the caller may change (deleted: false when none is visible) */
        post: operations["deleteFlow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/flows/eval": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** eval scenarios (shipped and SVC_EVAL_DIR), and the scenario files that did not load with their error */
        get: operations["listEvalScenarios"];
        put?: never;
        /** runs eval scenarios in a child process with the network blocked (FlowEvalRun): the given ids, those of an inline flow or blueprint, or all; matched 0 is never ok */
        post: operations["runEvals"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/flows/gates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** human gates; open (pending) ones by default */
        get: operations["listGates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/flows/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** runs a saved ({id}) or inline ({flow}) flow as the caller */
        post: operations["runFlow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/flows/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** recent runs, newest first; filters by status, flow, principal, trigger and creation time; pages with `before` */
        get: operations["listRuns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/flows/runs/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** ends a run for good (delegates too) */
        post: operations["cancelRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/flows/runs/open": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** runs in flight or parked (the stalled-run list) */
        get: operations["listOpenRuns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/flows/runs/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** asks the run to stop at the next step boundary */
        post: operations["pauseRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/flows/runs/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** continues a parked run from its last checkpoint; 409 when cancelled */
        post: operations["resumeRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/flows/runs/state": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** a run, its checkpoint trail, attempts and children */
        get: operations["getRunState"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/flows/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the first-party template catalog */
        get: operations["listFlowTemplates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/flows/triggers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** webhook triggers (never the secret) */
        get: operations["listTriggers"];
        put?: never;
        /** mint a webhook trigger; the secret is shown this once */
        post: operations["createTrigger"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/flows/triggers/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** remove a trigger */
        post: operations["deleteTrigger"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/flows/triggers/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** delivery log, newest first (never bodies) */
        get: operations["listTriggerDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/flows/triggers/enabled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** enable or disable a trigger */
        post: operations["setTriggerEnabled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/flows/triggers/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** new secret; the old one stops verifying at once */
        post: operations["rotateTriggerSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/governance/attach-policy-module": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** appends a listed policy module to the node's stack and proposes the bind at high tier; alreadyBound: true when it is there */
        post: operations["attachPolicyModule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/governance/grants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** per-epoch grants on an asset's epoch streamer (default the primary) */
        get: operations["listGrants"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/governance/proposals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** proposals newest first, with tallies and whether execute would pass now (clearance) */
        get: operations["listProposals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/governance/proposals/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** one proposal with its governed call */
        get: operations["getProposal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/governance/proposals/{id}/execute": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** executes with the proposal's own calldata; past the deadline with more no than yes the module closes it Defeated instead */
        post: operations["executeProposal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/governance/proposals/{id}/veto": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** vetoes as the orchestrator's seat (a Human seat) */
        post: operations["vetoProposal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/governance/proposals/{id}/vote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** votes as the orchestrator's seat */
        post: operations["voteProposal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/governance/propose-node-stack": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** proposes a node's policy stack (setNodeRateRecorder for a custom rate, then setNodePolicy); unchanged: true when the chain already binds it */
        post: operations["proposeNodeStack"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/governance/propose-set-agent-cap": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** proposes SpendCapPolicy.setAgentCap on the agent's own cap module */
        post: operations["proposeSetAgentCap"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/governance/propose-set-whitelist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** proposes WhitelistPolicy.setAllowed on the stack of `node` (default the router default) */
        post: operations["proposeSetWhitelist"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** process health */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/heartbeats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** every heartbeat visible to the caller with its last tick, the named cadence presets and the cadence floor */
        get: operations["listHeartbeats"];
        put?: never;
        /** saves a heartbeat (CrewHeartbeatChanged); unknown ids, a bad schedule, zone or HH:MM and a cadence under the floor are refused */
        post: operations["saveHeartbeat"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/heartbeats/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** removes a heartbeat (deleted: false when none is visible); its ledger stays */
        post: operations["deleteHeartbeat"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/heartbeats/enabled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** enable or disable a heartbeat */
        post: operations["setHeartbeatEnabled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/heartbeats/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** works the checklist now under its own window key (never the scheduled one) and answers with the tick */
        post: operations["runHeartbeat"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/heartbeats/ticks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the tick ledger, newest first: every window and what became of it */
        get: operations["listHeartbeatTicks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/hooks/{triggerId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** webhook delivery, verified by the trigger scheme (svc, codehost, pubsub) */
        post: operations["deliverWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/intents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** pending intents with verdict, measuredChanges and callTrace when measured */
        get: operations["listIntents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/intents/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** records a multisig root's resolution once its transaction landed: confirmed only for a successful receipt to the multisig carrying the matching IntentResolved; confirmed false with awaitingApprover while the router still waits */
        post: operations["confirmIntent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/intents/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** resolved intents, as recorded */
        get: operations["listIntentHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/intents/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** the awaiting approver resolves an escalated spend intent; answers the approver read off the chain and authorizedBy */
        post: operations["resolveIntent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/livez": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** liveness: the process answers (checks no dependency) */
        get: operations["getLiveness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** the orchestrator as an MCP server (Streamable HTTP, stateless, JSON-RPC body) */
        post: operations["serveMcp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp/call": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** call mcp__<server>__<tool> through the allowlist, as `as` (query or body) when given; results are flagged untrusted. A result with isError is 422 mcp_tool_error:<server>.<tool> with the tool text; arguments that do not fit its inputSchema are 400 mcp_arguments_invalid */
        post: operations["callMcpTool"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp/oauth/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the OAuth redirect target: exchanges the code for the server's grant (state checked, single use); no token needed */
        get: operations["mcpOAuthCallback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp/secrets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** sealed credential refs of the caller's scope, each with its last four characters */
        get: operations["listMcpSecrets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp/secrets/{ref}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** store (or replace) a sealed credential in the caller's scope; 503 without SVC_SESSION_KEY */
        put: operations["putMcpSecret"];
        post?: never;
        /** clear a sealed credential of the caller's scope */
        delete: operations["deleteMcpSecret"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp/servers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** attached servers, per-tool state (for `as` when given), blockedCount and the egress policy */
        get: operations["listMcpServers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp/servers/{id}/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** start the OAuth authorization code flow (PKCE) for a server attached with auth.kind "oauth": open authorizationUrl; the browser comes back to /mcp/oauth/callback */
        post: operations["loginMcpServer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp/servers/{id}/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** one attached server as an MCP server under its own names and URIs: its allowed tools, resources, prompts and completions, through /mcp's rules (Streamable HTTP, stateless, JSON-RPC body) */
        post: operations["serveMcpServer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp/servers/{id}/tools/{tool}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** approve the definition a tool publishes now, clearing its drift; with `hash`, only if that is still the definition (409 otherwise) */
        post: operations["approveMcpToolDefinition"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp/servers/{id}/tools/{tool}/diff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** a tool's approved definition beside the one its server published last, and the fields that differ */
        get: operations["diffMcpToolDefinition"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp/servers/attach": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** attach or replace a server at runtime; discovery runs at once and every tool lands blocked */
        post: operations["attachMcpServer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp/servers/detach": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** forget a runtime-attached server (its tool rules are kept); 409 for a boot server */
        post: operations["detachMcpServer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp/servers/ping": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** reachability of one server and the number of tools it publishes */
        post: operations["pingMcpServer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp/servers/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** rediscover every visible server; new tools land blocked */
        post: operations["refreshMcpServer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp/servers/tools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** set (enabled true/false) or clear (enabled omitted) a tool rule at one scope */
        put: operations["setMcpServerTools"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp/tools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** first-party svc_* tools plus exactly the external tools the seat may call */
        get: operations["listMcpTools"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** reads a thread, oldest first (the last `limit` messages, or those after `after`) */
        get: operations["listMessages"];
        put?: never;
        /** posts a message to a thread; a reply naming a question answers its gate */
        post: operations["postMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/messages/chat": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** a reply relayed from a chat channel: answers the question its signed replyTarget names, as the caller; refused without a channel key or with a target that does not verify */
        post: operations["postChatReply"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus metrics of this process (text exposition format 0.0.4) */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/model/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** one completion through the configured model provider (metered) */
        post: operations["completeModel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ops/ping": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** sends a ping command through the work queue to one worker */
        post: operations["pingOps"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/org": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the org tree (OrgRegistry, breadth-first); bound seats carry a roleId */
        get: operations["getOrg"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/policies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** per-node policy stacks of an asset (default the primary) */
        get: operations["listPolicies"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** readiness: store and bus answer, a configured chain has answered since start, migrations applied (503 when not) */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/root-auth/challenge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** a single-use root challenge for one action (intent:approve|deny, session:revoke|rotate) on one subject; 5 minutes */
        post: operations["rootChallenge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** issued session keys */
        get: operations["listSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** session keys issued, revoked and rotated, as recorded */
        get: operations["listSessionHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** revokes one session key; a root proof when SVC_ROOT_AUTH is set, unless containment: true (audited containment) */
        post: operations["revokeSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** revokes a live session key and re-issues its bounds as read from the chain, each kept or narrowed as asked (never wider, never a later expiry); a root proof when SVC_ROOT_AUTH is set */
        post: operations["rotateSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tick": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** runs one tick of the agent loop: each active worker holding a session key proposes its standing spend (value, default one token, to its pinned or whitelisted target) (operator only) */
        post: operations["tickAgentLoop"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/treasury/balances": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** per-asset treasury holdings: balance, liquid, reserved */
        get: operations["getTreasuryBalances"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** operation counts by audit-event type */
        get: operations["getUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wallets/watchlist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the wallet watchlist, RPC credentials masked */
        get: operations["getWatchlist"];
        put?: never;
        /** replaces the watchlist (the array WALLET_WATCHLIST holds), in this process until restart (operator only) */
        post: operations["replaceWatchlist"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/whoami": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the caller this token authenticates as */
        get: operations["whoAmI"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        AgentStep: {
            agent: string;
            flowId?: string;
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "agent";
            next?: string | null;
            prompt?: string;
            title?: string;
        };
        BranchStep: {
            id: string;
            input: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "branch";
            onFalse?: string | null;
            onTrue?: string | null;
            /** @enum {unknown} */
            op: "eq" | "ne" | "contains" | "gt" | "gte" | "lt" | "lte" | "truthy" | "matches";
            title?: string;
            value?: string | number;
        };
        BudgetStep: {
            /** @enum {unknown} */
            action: "raise-grant" | "stream-allowance" | "run-epoch";
            id: string;
            idempotent?: boolean;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "budget";
            onAllow?: string | null;
            onDeny?: string | null;
            onEscalate?: string | null;
            params?: {
                [key: string]: string;
            };
            title?: string;
        };
        DeadLetter: {
            actor: string;
            /** Format: date-time */
            at: string;
            deliveries: number;
            error: {
                error: string;
                message: string;
            };
            id: string;
            msgId: string;
            payload: unknown;
            payloadText?: string;
            subject: string;
            traceId: string;
            verb: string;
        };
        EvalInvalidScenario: {
            error: string;
            path: string;
        };
        EvalScenario: {
            describe: string;
            flow: string;
            id: string;
            source: "first-party" | "operator" | "inline";
        };
        EvalScenarioResult: {
            durationMs: number;
            failures: string[];
            id: string;
            ok: boolean;
        };
        Flow: {
            id: string;
            schedule?: string;
            scope?: {
                level: "org" | "team" | "agent";
                ref?: string;
            };
            steps: components["schemas"]["Step"][];
            title?: string;
            trigger?: "manual" | "epoch" | "cron" | "webhook";
        };
        GateStep: {
            asset?: string;
            id: string;
            idempotent?: boolean;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "gate";
            onAllow?: string | null;
            onDeny?: string | null;
            onEscalate?: string | null;
            target?: string;
            title?: string;
            value: string;
        };
        GovernanceStep: {
            /** @enum {unknown} */
            action: "propose" | "vote" | "veto" | "execute";
            id: string;
            idempotent?: boolean;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "governance";
            next?: string | null;
            params?: {
                [key: string]: string;
            };
            proposal?: string;
            title?: string;
        };
        HumanStep: {
            assignee?: string;
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "human";
            options: {
                id: string;
                label: string;
                port: string | null;
            }[];
            prompt: string;
            timeoutMs?: number;
            timeoutPort?: string | null;
            title?: string;
        };
        ModelStep: {
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "model";
            model?: string;
            next?: string | null;
            prompt: string;
            system?: string;
            title?: string;
        };
        OrgStep: {
            /** @enum {unknown} */
            action: "hire" | "fire" | "reparent" | "activate" | "deactivate" | "set-cap" | "set-whitelist" | "set-policy";
            id: string;
            idempotent?: boolean;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "org";
            node?: string;
            onAllow?: string | null;
            onDeny?: string | null;
            onEscalate?: string | null;
            params?: {
                [key: string]: string;
            };
            title?: string;
        };
        ProposalView: {
            action?: string;
            calldata?: string;
            clearance: "cleared" | "short_of_quorum" | "timelocked" | "would_defeat" | "closed";
            /** @description ISO time voting closes */
            deadline: string;
            /** @description ISO time a High proposal may execute without the fast path */
            eta: string;
            /** @description a non-negative integer as a decimal string */
            no: string;
            /** @description a non-negative integer as a decimal string */
            noHuman: string;
            /** @description a proposal id, a decimal string */
            proposalId: string;
            /** @description a 20-byte address, 0x-prefixed hex */
            proposer: string;
            state: "Active" | "Executed" | "Vetoed" | "Defeated";
            /** @description a 20-byte address, 0x-prefixed hex */
            target: string;
            tier: "low" | "high";
            /** @description a non-negative integer as a decimal string */
            yes: string;
            /** @description a non-negative integer as a decimal string */
            yesHuman: string;
        };
        RunView: {
            createdAt: string;
            cursor: string | null;
            endedAt?: string;
            error?: {
                code: string;
                message: string;
            };
            flowId: string;
            id: string;
            input?: string;
            parent?: {
                runId: string;
                stepId: string;
            };
            principal: string;
            stack: string[];
            /** @enum {unknown} */
            status: "running" | "waiting" | "completed" | "error" | "cancelled";
            steps: {
                at: string;
                attemptKey?: string;
                kind: string;
                port?: string | null;
                status: "done" | "parked" | "failed" | "resumed";
                stepId: string;
                summary: string;
                verdict?: string;
            }[];
            traceId?: string;
            trigger: string;
            updatedAt: string;
            waiting?: {
                /** @enum {unknown} */
                reason: "awaiting_human" | "awaiting_webhook" | "human_gate" | "connector_ask" | "awaiting_child" | "operator";
                stepId: string;
                token?: string;
            };
        };
        Step: components["schemas"]["ModelStep"] | components["schemas"]["ToolStep"] | components["schemas"]["GateStep"] | components["schemas"]["BranchStep"] | components["schemas"]["SwitchStep"] | components["schemas"]["AgentStep"] | components["schemas"]["OrgStep"] | components["schemas"]["BudgetStep"] | components["schemas"]["GovernanceStep"] | components["schemas"]["HumanStep"] | components["schemas"]["WaitStep"];
        SwitchStep: {
            cases: {
                equals: string;
                port: string | null;
            }[];
            id: string;
            input: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "switch";
            onDefault?: string | null;
            title?: string;
        };
        ToolStep: {
            args?: {
                [key: string]: unknown;
            };
            id: string;
            idempotent?: boolean;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "tool";
            next?: string | null;
            title?: string;
            tool: string;
        };
        WaitStep: {
            for: "human" | "webhook";
            id: string;
            key?: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "wait";
            next?: string | null;
            timeoutMs?: number;
            timeoutPort?: string | null;
            title?: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getProtectedResourceMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bearer_methods_supported: string[];
                        /** @description the absolute URL of /mcp as the client reached it */
                        resource: string;
                        resource_name: string;
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    getMcpProtectedResourceMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bearer_methods_supported: string[];
                        /** @description the absolute URL of /mcp as the client reached it */
                        resource: string;
                        resource_name: string;
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    getAgentBalances: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        chains: {
                            accounts?: {
                                /** @description a 20-byte address, 0x-prefixed hex */
                                address: string;
                                /** @description a non-negative integer as a decimal string */
                                native: string;
                                tokens: {
                                    /** @description a 20-byte address, 0x-prefixed hex */
                                    address: string;
                                    /** @description a non-negative integer as a decimal string */
                                    balance?: string;
                                    decimals: number;
                                    /** @description false: the token did not answer balanceOf (no contract there?); no balance is shown */
                                    read: boolean;
                                    symbol: string;
                                }[];
                            }[];
                            chainId: number;
                            detail?: string;
                            read: boolean;
                            /** @description why the chain was not read; its balances are absent, never zero */
                            reason?: "no_rpc" | "unreachable" | "chain_id_mismatch";
                            source: "bound" | "watchlist";
                        }[];
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chain_read_unimplemented`: this chain read needs contract bindings this build does not have yet */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chain_read_unimplemented
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chain_unavailable`: the chain is configured but does not answer (or its deployment is not there) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chain_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    pauseAgent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    agent: string;
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agent: string;
                        cancelled: string[];
                        paused: boolean;
                        revokedSessions?: string[];
                        sessionsNotRevoked?: string;
                    };
                };
            };
            /** @description `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_json
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `flow_forbidden`: this caller may not change that flow, run or agent; `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example flow_forbidden
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    unpauseAgent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    agent: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agent: string;
                        unpaused: boolean;
                    };
                };
            };
            /** @description `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_json
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `flow_forbidden`: this caller may not change that flow, run or agent; `host_not_allowed`: the Host header names a host this API does not answer for; `operator_only`: only the operator may do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example flow_forbidden
                         * @example host_not_allowed
                         * @example operator_only
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    listAssets: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description primary first */
                        assets: {
                            decimals: number;
                            primary: boolean;
                            /** @description a 20-byte address, 0x-prefixed hex */
                            router: string;
                            /** @description a 20-byte address, 0x-prefixed hex */
                            streamer: string;
                            symbol: string;
                            /** @description a 20-byte address, 0x-prefixed hex */
                            token: string;
                            /** @description a 20-byte address, 0x-prefixed hex */
                            treasury: string;
                        }[];
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chain_read_unimplemented`: this chain read needs contract bindings this build does not have yet */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chain_read_unimplemented
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chain_unavailable`: the chain is configured but does not answer (or its deployment is not there) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chain_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    bootSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description a 20-byte address, 0x-prefixed hex */
                    agent: string;
                    /** @description a non-negative integer as a decimal string */
                    maxValue?: string;
                    scopes?: ("propose:intent" | "spend:whitelist")[];
                    targets?: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description a 20-byte address, 0x-prefixed hex */
                        agent: string;
                        expiresAt: string;
                        /** @description a 20-byte address, 0x-prefixed hex */
                        key: string;
                        /** @description a non-negative integer as a decimal string */
                        maxValue: string;
                        reused: boolean;
                        scopes: ("propose:intent" | "spend:whitelist")[];
                        /** @description a non-negative integer as a decimal string */
                        sessionId: string;
                        targets: string[];
                    };
                };
            };
            /** @description `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_json
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for; `operator_only`: only the operator may do this; `principal_paused`: the principal is paused (POST /agents/pause); the operator lifts it with POST /agents/unpause */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         * @example operator_only
                         * @example principal_paused
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `no_chain`: this deployment has no chain */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example no_chain
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `flow_step_failed`: a flow step failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example flow_step_failed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable; `chain_unavailable`: the chain is configured but does not answer (or its deployment is not there) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         * @example chain_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    listInferenceBudgets: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        budgets: {
                            calls: number;
                            /** @description postgres: shared by every replica and kept across restarts; process: this process only, gone at restart */
                            counters: "postgres" | "process";
                            crew: string;
                            /** @description soft: calls go on, the crossing is logged and audited (InferenceBudgetExceeded); hard: a call without room is refused before the provider is asked (402 inference_budget_exceeded) */
                            enforcement: "soft" | "hard";
                            /** @description spent has reached the limit */
                            exceeded: boolean;
                            /** @description what a call of unknown cost is charged */
                            floorMicroDollars: number;
                            /** @description estimates held by calls in flight */
                            heldMicroDollars: number;
                            limitMicroDollars: number;
                            refusedCalls: number;
                            /** @description limit minus spent and held, never below 0 */
                            remainingMicroDollars: number;
                            resetAt: string | null;
                            /** @description settled spend since the last reset; unpriced and unmetered calls count at the floor */
                            spentMicroDollars: number;
                            /** @description calls charged the floor because no price or no usage was known */
                            unpricedCalls: number;
                            updatedAt: string;
                            updatedBy: string;
                            warnedAt: string | null;
                        }[];
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `store_unavailable`: the store is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example store_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    getInferenceBudget: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description a crew id, or a seat for a budget of its own */
                crew: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        calls: number;
                        /** @description postgres: shared by every replica and kept across restarts; process: this process only, gone at restart */
                        counters: "postgres" | "process";
                        crew: string;
                        /** @description soft: calls go on, the crossing is logged and audited (InferenceBudgetExceeded); hard: a call without room is refused before the provider is asked (402 inference_budget_exceeded) */
                        enforcement: "soft" | "hard";
                        /** @description spent has reached the limit */
                        exceeded: boolean;
                        /** @description what a call of unknown cost is charged */
                        floorMicroDollars: number;
                        /** @description estimates held by calls in flight */
                        heldMicroDollars: number;
                        limitMicroDollars: number;
                        refusedCalls: number;
                        /** @description limit minus spent and held, never below 0 */
                        remainingMicroDollars: number;
                        resetAt: string | null;
                        /** @description settled spend since the last reset; unpriced and unmetered calls count at the floor */
                        spentMicroDollars: number;
                        /** @description calls charged the floor because no price or no usage was known */
                        unpricedCalls: number;
                        updatedAt: string;
                        updatedBy: string;
                        warnedAt: string | null;
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `record_not_found`: no such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example record_not_found
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `store_unavailable`: the store is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example store_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    setInferenceBudget: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description a crew id, or a seat for a budget of its own */
                crew: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description soft: calls go on, the crossing is logged and audited (InferenceBudgetExceeded); hard: a call without room is refused before the provider is asked (402 inference_budget_exceeded) */
                    enforcement: "soft" | "hard";
                    /** @description the limit in micro-dollars ($1 = 1000000) */
                    limitMicroDollars: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        calls: number;
                        /** @description postgres: shared by every replica and kept across restarts; process: this process only, gone at restart */
                        counters: "postgres" | "process";
                        crew: string;
                        /** @description soft: calls go on, the crossing is logged and audited (InferenceBudgetExceeded); hard: a call without room is refused before the provider is asked (402 inference_budget_exceeded) */
                        enforcement: "soft" | "hard";
                        /** @description spent has reached the limit */
                        exceeded: boolean;
                        /** @description what a call of unknown cost is charged */
                        floorMicroDollars: number;
                        /** @description estimates held by calls in flight */
                        heldMicroDollars: number;
                        limitMicroDollars: number;
                        refusedCalls: number;
                        /** @description limit minus spent and held, never below 0 */
                        remainingMicroDollars: number;
                        resetAt: string | null;
                        /** @description settled spend since the last reset; unpriced and unmetered calls count at the floor */
                        spentMicroDollars: number;
                        /** @description calls charged the floor because no price or no usage was known */
                        unpricedCalls: number;
                        updatedAt: string;
                        updatedBy: string;
                        warnedAt: string | null;
                    };
                };
            };
            /** @description `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_json
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for; `operator_only`: only the operator may do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         * @example operator_only
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    removeInferenceBudget: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description a crew id, or a seat for a budget of its own */
                crew: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        crew: string;
                        removed: boolean;
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for; `operator_only`: only the operator may do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         * @example operator_only
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    resetInferenceBudget: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description a crew id, or a seat for a budget of its own */
                crew: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        calls: number;
                        /** @description postgres: shared by every replica and kept across restarts; process: this process only, gone at restart */
                        counters: "postgres" | "process";
                        crew: string;
                        /** @description soft: calls go on, the crossing is logged and audited (InferenceBudgetExceeded); hard: a call without room is refused before the provider is asked (402 inference_budget_exceeded) */
                        enforcement: "soft" | "hard";
                        /** @description spent has reached the limit */
                        exceeded: boolean;
                        /** @description what a call of unknown cost is charged */
                        floorMicroDollars: number;
                        /** @description estimates held by calls in flight */
                        heldMicroDollars: number;
                        limitMicroDollars: number;
                        refusedCalls: number;
                        /** @description limit minus spent and held, never below 0 */
                        remainingMicroDollars: number;
                        resetAt: string | null;
                        /** @description settled spend since the last reset; unpriced and unmetered calls count at the floor */
                        spentMicroDollars: number;
                        /** @description calls charged the floor because no price or no usage was known */
                        unpricedCalls: number;
                        updatedAt: string;
                        updatedBy: string;
                        warnedAt: string | null;
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for; `operator_only`: only the operator may do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         * @example operator_only
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `record_not_found`: no such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example record_not_found
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    listConnectors: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        connectors: {
                            baseUrl: string;
                            env: {
                                placeholder: string;
                                /** @description whether the variable is set; its value is never shown */
                                set: boolean;
                                /** @description the env var read at call time */
                                variable: string;
                            }[];
                            id: string;
                            routes: {
                                method: string;
                                /** @description <connector>.<route>, the tool name */
                                name: string;
                                path: string;
                            }[];
                        }[];
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    listDeadLetters: {
        parameters: {
            query?: {
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deadLetters: components["schemas"]["DeadLetter"][];
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for; `operator_only`: only the operator may do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         * @example operator_only
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    dropDeadLetter: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the dead letter id from GET /dlq */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        dropped: components["schemas"]["DeadLetter"];
                    };
                };
            };
            /** @description `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_json
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for; `operator_only`: only the operator may do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         * @example operator_only
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `record_not_found`: no such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example record_not_found
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    replayDeadLetter: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the dead letter id from GET /dlq */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        replayed: components["schemas"]["DeadLetter"];
                        seq: number;
                    };
                };
            };
            /** @description `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_json
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for; `operator_only`: only the operator may do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         * @example operator_only
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `record_not_found`: no such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example record_not_found
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    runEpoch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    asset?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        chain: boolean;
                        epoch?: string;
                        epochError?: string;
                        flowRuns: {
                            flowId: string;
                            runId: string;
                        }[];
                        streamed: number;
                        streaming: string;
                        txHash?: string;
                    };
                };
            };
            /** @description `epoch_failed`: the epoch did not stream and no epoch flow ran; `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema; `unknown_asset`: no asset of that symbol in this deployment */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example epoch_failed
                         * @example invalid_json
                         * @example invalid_request
                         * @example unknown_asset
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    streamEvents: {
        parameters: {
            query?: {
                filter?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description one frame per bus event; send the last id back as Last-Event-ID to resume after it */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for; `operator_only`: only the operator may do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         * @example operator_only
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    listFlows: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        flows: {
                            flow: components["schemas"]["Flow"];
                            id: string;
                            savedBy: string;
                            scope: {
                                level: string;
                                ref?: string;
                            };
                            title?: string;
                            trigger: string;
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `store_unavailable`: the store is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example store_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    saveFlow: {
        parameters: {
            query?: {
                /** @description `1` evals the flow first */
                eval?: "1" | "0";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    flow: components["schemas"]["Flow"];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        flow: components["schemas"]["Flow"];
                        id: string;
                        savedBy: string;
                        scope: {
                            level: string;
                            ref?: string;
                        };
                        title?: string;
                        trigger: string;
                        updatedAt: string;
                    };
                };
            };
            /** @description `invalid_flow`: the flow definition is invalid; `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_flow
                         * @example invalid_json
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `flow_forbidden`: this caller may not change that flow, run or agent; `host_not_allowed`: the Host header names a host this API does not answer for; `operator_only`: only the operator may do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example flow_forbidden
                         * @example host_not_allowed
                         * @example operator_only
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `eval_already_running`: an eval is already running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example eval_already_running
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `flow_eval_failed`: the flow fails an eval scenario that names it; it was not saved */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example flow_eval_failed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `eval_crashed`: the eval child process ended without a report; `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example eval_crashed
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `app_unavailable`: the app is unavailable; `bus_unavailable`: the message bus is unavailable; `store_unavailable`: the store is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example app_unavailable
                         * @example bus_unavailable
                         * @example store_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time; `eval_timeout`: the eval exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         * @example eval_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    deleteFlow: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deleted: boolean;
                        id: string;
                    };
                };
            };
            /** @description `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_json
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `flow_forbidden`: this caller may not change that flow, run or agent; `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example flow_forbidden
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    listEvalScenarios: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        invalid: components["schemas"]["EvalInvalidScenario"][];
                        scenarios: components["schemas"]["EvalScenario"][];
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for; `operator_only`: only the operator may do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         * @example operator_only
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    runEvals: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** EvalBlueprint */
                    blueprint?: {
                        [key: string]: unknown;
                    };
                    flow?: components["schemas"]["Flow"];
                    /** @description scenario ids to run */
                    ids?: string[];
                    /** @description trace snapshots beside each scenario file: update writes them, check (the default) compares where one exists; an inline flow or blueprint does neither */
                    snapshots?: "update" | "check";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        coverage: {
                            /** @description first-party flows no scenario exercises */
                            uncovered: string[];
                        };
                        failed: number;
                        matched: number;
                        ok: boolean;
                        passed: number;
                        results: components["schemas"]["EvalScenarioResult"][];
                    };
                };
            };
            /** @description `invalid_flow`: the flow definition is invalid; `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_flow
                         * @example invalid_json
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for; `operator_only`: only the operator may do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         * @example operator_only
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `eval_already_running`: an eval is already running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example eval_already_running
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `eval_crashed`: the eval child process ended without a report; `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example eval_crashed
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `app_unavailable`: the app is unavailable; `store_unavailable`: the store is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example app_unavailable
                         * @example store_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `eval_timeout`: the eval exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example eval_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    listGates: {
        parameters: {
            query?: {
                limit?: number;
                runId?: string;
                /** @description pending (the same as open) by default; answered is the same as resolved */
                status?: "pending" | "open" | "answered" | "resolved" | "timed_out" | "closed" | "all";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        gates: {
                            answeredBy: string | null;
                            assignee: string | null;
                            createdAt: string;
                            deadlineAt: string;
                            optionId: string | null;
                            options: {
                                id: string;
                                label: string;
                                port: string | null;
                            }[];
                            principal: string;
                            prompt: string;
                            purpose: string;
                            questionId: string;
                            /** @description when a channel key is configured: the signed target a chat bridge hands back with a reply (POST /messages/chat) */
                            replyTarget?: string;
                            runId: string;
                            status: string;
                            stepId: string;
                            thread: string;
                        }[];
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `store_unavailable`: the store is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example store_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    runFlow: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    as?: string;
                    flow?: components["schemas"]["Flow"];
                    id?: string;
                    input?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        cursor: string | null;
                        endedAt?: string;
                        error?: {
                            code: string;
                            message: string;
                        };
                        flowId: string;
                        id: string;
                        input?: string;
                        parent?: {
                            runId: string;
                            stepId: string;
                        };
                        principal: string;
                        stack: string[];
                        /** @enum {unknown} */
                        status: "running" | "waiting" | "completed" | "error" | "cancelled";
                        steps: {
                            at: string;
                            attemptKey?: string;
                            kind: string;
                            port?: string | null;
                            status: "done" | "parked" | "failed" | "resumed";
                            stepId: string;
                            summary: string;
                            verdict?: string;
                        }[];
                        traceId?: string;
                        trigger: string;
                        updatedAt: string;
                        waiting?: {
                            /** @enum {unknown} */
                            reason: "awaiting_human" | "awaiting_webhook" | "human_gate" | "connector_ask" | "awaiting_child" | "operator";
                            stepId: string;
                            token?: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        accepted: true;
                        id: string;
                        /** @enum {string} */
                        status: "running";
                    };
                };
            };
            /** @description `invalid_flow`: the flow definition is invalid; `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_flow
                         * @example invalid_json
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `flow_forbidden`: this caller may not change that flow, run or agent; `host_not_allowed`: the Host header names a host this API does not answer for; `principal_paused`: the principal is paused (POST /agents/pause); the operator lifts it with POST /agents/unpause */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example flow_forbidden
                         * @example host_not_allowed
                         * @example principal_paused
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `record_not_found`: no such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example record_not_found
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `flow_step_failed`: a flow step failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example flow_step_failed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    listRuns: {
        parameters: {
            query?: {
                before?: string;
                flowId?: string;
                limit?: number;
                principal?: string;
                since?: string;
                status?: "running" | "waiting" | "completed" | "error" | "cancelled";
                trigger?: string;
                until?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        next?: string;
                        runs: components["schemas"]["RunView"][];
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `record_not_found`: no such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example record_not_found
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `store_unavailable`: the store is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example store_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    cancelRun: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reason?: string;
                    runId: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        cursor: string | null;
                        endedAt?: string;
                        error?: {
                            code: string;
                            message: string;
                        };
                        flowId: string;
                        id: string;
                        input?: string;
                        parent?: {
                            runId: string;
                            stepId: string;
                        };
                        principal: string;
                        stack: string[];
                        /** @enum {unknown} */
                        status: "running" | "waiting" | "completed" | "error" | "cancelled";
                        steps: {
                            at: string;
                            attemptKey?: string;
                            kind: string;
                            port?: string | null;
                            status: "done" | "parked" | "failed" | "resumed";
                            stepId: string;
                            summary: string;
                            verdict?: string;
                        }[];
                        traceId?: string;
                        trigger: string;
                        updatedAt: string;
                        waiting?: {
                            /** @enum {unknown} */
                            reason: "awaiting_human" | "awaiting_webhook" | "human_gate" | "connector_ask" | "awaiting_child" | "operator";
                            stepId: string;
                            token?: string;
                        };
                    };
                };
            };
            /** @description `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_json
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `flow_forbidden`: this caller may not change that flow, run or agent; `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example flow_forbidden
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `record_not_found`: no such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example record_not_found
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `run_cancelled`: the run is cancelled and cannot resume */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example run_cancelled
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    listOpenRuns: {
        parameters: {
            query?: {
                before?: string;
                flowId?: string;
                limit?: number;
                principal?: string;
                since?: string;
                status?: "running" | "waiting" | "completed" | "error" | "cancelled";
                trigger?: string;
                until?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        next?: string;
                        runs: components["schemas"]["RunView"][];
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `record_not_found`: no such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example record_not_found
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `store_unavailable`: the store is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example store_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    pauseRun: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reason?: string;
                    runId: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        cursor: string | null;
                        endedAt?: string;
                        error?: {
                            code: string;
                            message: string;
                        };
                        flowId: string;
                        id: string;
                        input?: string;
                        parent?: {
                            runId: string;
                            stepId: string;
                        };
                        principal: string;
                        stack: string[];
                        /** @enum {unknown} */
                        status: "running" | "waiting" | "completed" | "error" | "cancelled";
                        steps: {
                            at: string;
                            attemptKey?: string;
                            kind: string;
                            port?: string | null;
                            status: "done" | "parked" | "failed" | "resumed";
                            stepId: string;
                            summary: string;
                            verdict?: string;
                        }[];
                        traceId?: string;
                        trigger: string;
                        updatedAt: string;
                        waiting?: {
                            /** @enum {unknown} */
                            reason: "awaiting_human" | "awaiting_webhook" | "human_gate" | "connector_ask" | "awaiting_child" | "operator";
                            stepId: string;
                            token?: string;
                        };
                    };
                };
            };
            /** @description `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_json
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `flow_forbidden`: this caller may not change that flow, run or agent; `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example flow_forbidden
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `record_not_found`: no such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example record_not_found
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `run_cancelled`: the run is cancelled and cannot resume */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example run_cancelled
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    resumeRun: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    runId: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        cursor: string | null;
                        endedAt?: string;
                        error?: {
                            code: string;
                            message: string;
                        };
                        flowId: string;
                        id: string;
                        input?: string;
                        parent?: {
                            runId: string;
                            stepId: string;
                        };
                        principal: string;
                        stack: string[];
                        /** @enum {unknown} */
                        status: "running" | "waiting" | "completed" | "error" | "cancelled";
                        steps: {
                            at: string;
                            attemptKey?: string;
                            kind: string;
                            port?: string | null;
                            status: "done" | "parked" | "failed" | "resumed";
                            stepId: string;
                            summary: string;
                            verdict?: string;
                        }[];
                        traceId?: string;
                        trigger: string;
                        updatedAt: string;
                        waiting?: {
                            /** @enum {unknown} */
                            reason: "awaiting_human" | "awaiting_webhook" | "human_gate" | "connector_ask" | "awaiting_child" | "operator";
                            stepId: string;
                            token?: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        accepted: true;
                        id: string;
                        /** @enum {string} */
                        status: "running";
                    };
                };
            };
            /** @description `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_json
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `flow_forbidden`: this caller may not change that flow, run or agent; `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example flow_forbidden
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `record_not_found`: no such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example record_not_found
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `run_cancelled`: the run is cancelled and cannot resume */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example run_cancelled
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    getRunState: {
        parameters: {
            query: {
                runId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        attempts: {
                            closedAt?: string;
                            key: string;
                            openedAt: string;
                            outcome?: string;
                            stepId: string;
                            worker: string;
                        }[];
                        checkpoints: {
                            at: string;
                            cursor: string | null;
                            input?: string;
                            outputs: {
                                [key: string]: unknown;
                            };
                            principal: string;
                            seq: number;
                            stepId: string | null;
                        }[];
                        children: {
                            id: string;
                            status: string;
                            stepId: string;
                        }[];
                        flow?: components["schemas"]["Flow"];
                        lease?: {
                            expiresAt: string;
                            holder: string;
                        };
                        outputs: {
                            [key: string]: unknown;
                        };
                        run: components["schemas"]["RunView"];
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `record_not_found`: no such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example record_not_found
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `store_unavailable`: the store is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example store_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    listFlowTemplates: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        templates: {
                            description: string;
                            flow: components["schemas"]["Flow"];
                            id: string;
                            title: string;
                        }[];
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    listTriggers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        triggers: {
                            config?: {
                                audience: string;
                                serviceAccountEmail: string;
                            };
                            createdAt: string;
                            enabled: boolean;
                            events: string[];
                            flowId: string;
                            hookPath: string;
                            id: string;
                            input?: {
                                fields: {
                                    [key: string]: string;
                                };
                            } | {
                                path: string;
                            };
                            principal: string;
                            release?: {
                                key: string;
                            };
                            scheme: "svc" | "codehost" | "pubsub";
                            secretVersion: number;
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    createTrigger: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    config?: {
                        audience?: string;
                        serviceAccountEmail?: string;
                    };
                    events?: string[];
                    flowId: string;
                    input?: {
                        fields: {
                            [key: string]: string;
                        };
                    } | {
                        path: string;
                    };
                    principal?: string;
                    release?: {
                        key: string;
                    };
                    scheme?: "svc" | "codehost" | "pubsub";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        secret: string;
                        /** @enum {boolean} */
                        secretShownOnce: true;
                        trigger: {
                            config?: {
                                audience: string;
                                serviceAccountEmail: string;
                            };
                            createdAt: string;
                            enabled: boolean;
                            events: string[];
                            flowId: string;
                            hookPath: string;
                            id: string;
                            input?: {
                                fields: {
                                    [key: string]: string;
                                };
                            } | {
                                path: string;
                            };
                            principal: string;
                            release?: {
                                key: string;
                            };
                            scheme: "svc" | "codehost" | "pubsub";
                            secretVersion: number;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_json
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `record_not_found`: no such record; `webhook_trigger_not_found`: no such webhook trigger */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example record_not_found
                         * @example webhook_trigger_not_found
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `conflict`: the record already exists; `webhook_flow_unavailable`: the trigger's flow is missing, no longer trigger: webhook, or not visible to the trigger principal; no run was started */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example conflict
                         * @example webhook_flow_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable; `webhook_sealing_unavailable`: trigger secrets cannot be sealed without SVC_SESSION_KEY */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         * @example webhook_sealing_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    deleteTrigger: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        id: string;
                    };
                };
            };
            /** @description `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_json
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `webhook_trigger_not_found`: no such webhook trigger */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example webhook_trigger_not_found
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `conflict`: the record already exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example conflict
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable; `webhook_sealing_unavailable`: trigger secrets cannot be sealed without SVC_SESSION_KEY */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         * @example webhook_sealing_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    listTriggerDeliveries: {
        parameters: {
            query?: {
                limit?: number;
                triggerId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveries: {
                            at: string;
                            bytes: number;
                            deliveryKey: string;
                            eventType?: string;
                            id: string;
                            reason?: string;
                            runId?: string;
                            status: "accepted" | "duplicate" | "skipped" | "rejected";
                            triggerId: string;
                        }[];
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `webhook_trigger_not_found`: no such webhook trigger */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example webhook_trigger_not_found
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    setTriggerEnabled: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    enabled: boolean;
                    id: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        trigger: {
                            config?: {
                                audience: string;
                                serviceAccountEmail: string;
                            };
                            createdAt: string;
                            enabled: boolean;
                            events: string[];
                            flowId: string;
                            hookPath: string;
                            id: string;
                            input?: {
                                fields: {
                                    [key: string]: string;
                                };
                            } | {
                                path: string;
                            };
                            principal: string;
                            release?: {
                                key: string;
                            };
                            scheme: "svc" | "codehost" | "pubsub";
                            secretVersion: number;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_json
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `webhook_trigger_not_found`: no such webhook trigger */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example webhook_trigger_not_found
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `conflict`: the record already exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example conflict
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable; `webhook_sealing_unavailable`: trigger secrets cannot be sealed without SVC_SESSION_KEY */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         * @example webhook_sealing_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    rotateTriggerSecret: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        secret: string;
                        /** @enum {boolean} */
                        secretShownOnce: true;
                        trigger: {
                            config?: {
                                audience: string;
                                serviceAccountEmail: string;
                            };
                            createdAt: string;
                            enabled: boolean;
                            events: string[];
                            flowId: string;
                            hookPath: string;
                            id: string;
                            input?: {
                                fields: {
                                    [key: string]: string;
                                };
                            } | {
                                path: string;
                            };
                            principal: string;
                            release?: {
                                key: string;
                            };
                            scheme: "svc" | "codehost" | "pubsub";
                            secretVersion: number;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_json
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `webhook_trigger_not_found`: no such webhook trigger */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example webhook_trigger_not_found
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `conflict`: the record already exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example conflict
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable; `webhook_sealing_unavailable`: trigger secrets cannot be sealed without SVC_SESSION_KEY */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         * @example webhook_sealing_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    attachPolicyModule: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the asset stack whose router and modules are meant (default the primary) */
                    asset?: string;
                    listing: {
                        /** @description a 20-byte address, 0x-prefixed hex */
                        address?: string;
                        chainId?: number;
                        kind: "whitelist" | "spend_cap" | "rate_limit" | "time_window" | "custom";
                        name: string;
                        params?: {
                            end?: number;
                            maxActions?: number;
                            start?: number;
                            windowSeconds?: number;
                        };
                    };
                    /** @description a 20-byte address, 0x-prefixed hex */
                    node: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        alreadyBound?: boolean;
                        asset: string;
                        deployed: string[];
                        modules?: string[];
                        /** @description a 20-byte address, 0x-prefixed hex */
                        node?: string;
                        proposals: {
                            action: string;
                            calldata: string;
                            /** @description a proposal id, a decimal string */
                            proposalId: string;
                            /** @description a 20-byte address, 0x-prefixed hex */
                            target: string;
                            tier: "low" | "high";
                            txHash: string;
                        }[];
                        /** @description a 20-byte address, 0x-prefixed hex */
                        stack?: string;
                        unchanged: boolean;
                    };
                };
            };
            /** @description `invalid_json`: the request body is not valid JSON; `invalid_listing`: the policy-module listing does not hold together (its fields, its kind, its chain); `invalid_request`: the request does not match the schema; `policy_module_no_code`: the policy module address holds no contract code on this chain; `unknown_asset`: no asset of that symbol in this deployment; `unknown_node`: the body names an address that is not a node of the org */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_json
                         * @example invalid_listing
                         * @example invalid_request
                         * @example policy_module_no_code
                         * @example unknown_asset
                         * @example unknown_node
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for; `operator_only`: only the operator may do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         * @example operator_only
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `no_chain`: this deployment has no chain; `orchestrator_key_missing`: no orchestrator key (SVC_ORCH_PRIVATE_KEY): the orchestrator's seat cannot send */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example no_chain
                         * @example orchestrator_key_missing
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chain_reverted`: a chain call reverted; the message names the contract error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chain_reverted
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chain_unavailable`: the chain is configured but does not answer (or its deployment is not there) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chain_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    listGrants: {
        parameters: {
            query?: {
                asset?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        asset: string | null;
                        /** @description a non-negative integer as a decimal string */
                        epoch?: string;
                        grants: {
                            /** @description a non-negative integer as a decimal string */
                            amount: string;
                            /** @description a 20-byte address, 0x-prefixed hex */
                            recipient: string;
                        }[];
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema; `unknown_asset`: no asset of that symbol in this deployment */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         * @example unknown_asset
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chain_read_unimplemented`: this chain read needs contract bindings this build does not have yet */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chain_read_unimplemented
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chain_unavailable`: the chain is configured but does not answer (or its deployment is not there) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chain_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    listProposals: {
        parameters: {
            query?: {
                limit?: number;
                state?: "Active" | "Executed" | "Vetoed" | "Defeated";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        at: string;
                        /** @description newest first */
                        proposals: components["schemas"]["ProposalView"][];
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chain_unavailable`: the chain is configured but does not answer (or its deployment is not there) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chain_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    getProposal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description a proposal id, a decimal string */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        action?: string;
                        calldata?: string;
                        clearance: "cleared" | "short_of_quorum" | "timelocked" | "would_defeat" | "closed";
                        /** @description ISO time voting closes */
                        deadline: string;
                        /** @description ISO time a High proposal may execute without the fast path */
                        eta: string;
                        /** @description a non-negative integer as a decimal string */
                        no: string;
                        /** @description a non-negative integer as a decimal string */
                        noHuman: string;
                        /** @description a proposal id, a decimal string */
                        proposalId: string;
                        /** @description a 20-byte address, 0x-prefixed hex */
                        proposer: string;
                        state: "Active" | "Executed" | "Vetoed" | "Defeated";
                        /** @description a 20-byte address, 0x-prefixed hex */
                        target: string;
                        tier: "low" | "high";
                        /** @description a non-negative integer as a decimal string */
                        yes: string;
                        /** @description a non-negative integer as a decimal string */
                        yesHuman: string;
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `proposal_not_found`: no such governance proposal */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example proposal_not_found
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `no_chain`: this deployment has no chain */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example no_chain
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chain_unavailable`: the chain is configured but does not answer (or its deployment is not there) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chain_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    executeProposal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description a proposal id, a decimal string */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description a non-negative integer as a decimal string */
                        countedWeight?: string;
                        /** @description a proposal id, a decimal string */
                        proposalId: string;
                        state: "Active" | "Executed" | "Vetoed" | "Defeated";
                        txHash: string;
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for; `operator_only`: only the operator may do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         * @example operator_only
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `proposal_not_found`: no such governance proposal */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example proposal_not_found
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `no_chain`: this deployment has no chain; `orchestrator_key_missing`: no orchestrator key (SVC_ORCH_PRIVATE_KEY): the orchestrator's seat cannot send */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example no_chain
                         * @example orchestrator_key_missing
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chain_reverted`: a chain call reverted; the message names the contract error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chain_reverted
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chain_unavailable`: the chain is configured but does not answer (or its deployment is not there) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chain_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    vetoProposal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description a proposal id, a decimal string */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description a non-negative integer as a decimal string */
                        countedWeight?: string;
                        /** @description a proposal id, a decimal string */
                        proposalId: string;
                        state: "Active" | "Executed" | "Vetoed" | "Defeated";
                        txHash: string;
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for; `operator_only`: only the operator may do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         * @example operator_only
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `proposal_not_found`: no such governance proposal */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example proposal_not_found
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `no_chain`: this deployment has no chain; `orchestrator_key_missing`: no orchestrator key (SVC_ORCH_PRIVATE_KEY): the orchestrator's seat cannot send */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example no_chain
                         * @example orchestrator_key_missing
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chain_reverted`: a chain call reverted; the message names the contract error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chain_reverted
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chain_unavailable`: the chain is configured but does not answer (or its deployment is not there) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chain_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    voteProposal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description a proposal id, a decimal string */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    support: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description a non-negative integer as a decimal string */
                        countedWeight?: string;
                        /** @description a proposal id, a decimal string */
                        proposalId: string;
                        state: "Active" | "Executed" | "Vetoed" | "Defeated";
                        txHash: string;
                    };
                };
            };
            /** @description `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_json
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for; `operator_only`: only the operator may do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         * @example operator_only
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `proposal_not_found`: no such governance proposal */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example proposal_not_found
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `no_chain`: this deployment has no chain; `orchestrator_key_missing`: no orchestrator key (SVC_ORCH_PRIVATE_KEY): the orchestrator's seat cannot send */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example no_chain
                         * @example orchestrator_key_missing
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chain_reverted`: a chain call reverted; the message names the contract error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chain_reverted
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chain_unavailable`: the chain is configured but does not answer (or its deployment is not there) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chain_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    proposeNodeStack: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the asset stack whose router and modules are meant (default the primary) */
                    asset?: string;
                    /** @description the stack in order; the first DENY wins */
                    modules: ({
                        /** @enum {string} */
                        kind: "whitelist";
                    } | {
                        /** @enum {string} */
                        kind: "spend_cap";
                    } | {
                        /** @enum {string} */
                        kind: "rate_limit";
                        maxActions: number;
                        windowSeconds: number;
                    } | {
                        /** @description UTC second of the day it closes (after start) */
                        end: number;
                        /** @enum {string} */
                        kind: "time_window";
                        /** @description UTC second of the day the window opens */
                        start: number;
                    })[];
                    /** @description a 20-byte address, 0x-prefixed hex */
                    node: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        alreadyBound?: boolean;
                        asset: string;
                        deployed: string[];
                        modules?: string[];
                        /** @description a 20-byte address, 0x-prefixed hex */
                        node?: string;
                        proposals: {
                            action: string;
                            calldata: string;
                            /** @description a proposal id, a decimal string */
                            proposalId: string;
                            /** @description a 20-byte address, 0x-prefixed hex */
                            target: string;
                            tier: "low" | "high";
                            txHash: string;
                        }[];
                        /** @description a 20-byte address, 0x-prefixed hex */
                        stack?: string;
                        unchanged: boolean;
                    };
                };
            };
            /** @description `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema; `unknown_asset`: no asset of that symbol in this deployment; `unknown_node`: the body names an address that is not a node of the org */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_json
                         * @example invalid_request
                         * @example unknown_asset
                         * @example unknown_node
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for; `operator_only`: only the operator may do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         * @example operator_only
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `no_chain`: this deployment has no chain; `orchestrator_key_missing`: no orchestrator key (SVC_ORCH_PRIVATE_KEY): the orchestrator's seat cannot send */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example no_chain
                         * @example orchestrator_key_missing
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chain_reverted`: a chain call reverted; the message names the contract error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chain_reverted
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chain_unavailable`: the chain is configured but does not answer (or its deployment is not there) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chain_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    proposeSetAgentCap: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description a 20-byte address, 0x-prefixed hex */
                    agent: string;
                    /** @description the asset stack whose router and modules are meant (default the primary) */
                    asset?: string;
                    /** @description a non-negative integer as a decimal string */
                    cap: string;
                    tier?: "low" | "high";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        alreadyBound?: boolean;
                        asset: string;
                        deployed: string[];
                        modules?: string[];
                        /** @description a 20-byte address, 0x-prefixed hex */
                        node?: string;
                        proposals: {
                            action: string;
                            calldata: string;
                            /** @description a proposal id, a decimal string */
                            proposalId: string;
                            /** @description a 20-byte address, 0x-prefixed hex */
                            target: string;
                            tier: "low" | "high";
                            txHash: string;
                        }[];
                        /** @description a 20-byte address, 0x-prefixed hex */
                        stack?: string;
                        unchanged: boolean;
                    };
                };
            };
            /** @description `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema; `unknown_asset`: no asset of that symbol in this deployment; `unknown_node`: the body names an address that is not a node of the org */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_json
                         * @example invalid_request
                         * @example unknown_asset
                         * @example unknown_node
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for; `operator_only`: only the operator may do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         * @example operator_only
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `no_chain`: this deployment has no chain; `orchestrator_key_missing`: no orchestrator key (SVC_ORCH_PRIVATE_KEY): the orchestrator's seat cannot send */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example no_chain
                         * @example orchestrator_key_missing
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chain_reverted`: a chain call reverted; the message names the contract error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chain_reverted
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chain_unavailable`: the chain is configured but does not answer (or its deployment is not there) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chain_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    proposeSetWhitelist: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description `node` picks whose stack's whitelist (default the router's default stack) */
        requestBody: {
            content: {
                "application/json": {
                    allowed: boolean;
                    /** @description the asset stack whose router and modules are meant (default the primary) */
                    asset?: string;
                    /** @description a 20-byte address, 0x-prefixed hex */
                    node?: string;
                    /** @description a 20-byte address, 0x-prefixed hex */
                    target: string;
                    tier?: "low" | "high";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        alreadyBound?: boolean;
                        asset: string;
                        deployed: string[];
                        modules?: string[];
                        /** @description a 20-byte address, 0x-prefixed hex */
                        node?: string;
                        proposals: {
                            action: string;
                            calldata: string;
                            /** @description a proposal id, a decimal string */
                            proposalId: string;
                            /** @description a 20-byte address, 0x-prefixed hex */
                            target: string;
                            tier: "low" | "high";
                            txHash: string;
                        }[];
                        /** @description a 20-byte address, 0x-prefixed hex */
                        stack?: string;
                        unchanged: boolean;
                    };
                };
            };
            /** @description `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema; `unknown_asset`: no asset of that symbol in this deployment; `unknown_node`: the body names an address that is not a node of the org */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_json
                         * @example invalid_request
                         * @example unknown_asset
                         * @example unknown_node
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for; `operator_only`: only the operator may do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         * @example operator_only
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `no_chain`: this deployment has no chain; `orchestrator_key_missing`: no orchestrator key (SVC_ORCH_PRIVATE_KEY): the orchestrator's seat cannot send */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example no_chain
                         * @example orchestrator_key_missing
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chain_reverted`: a chain call reverted; the message names the contract error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chain_reverted
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chain_unavailable`: the chain is configured but does not answer (or its deployment is not there) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chain_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description per actor: whether some worker on the bus is consuming its work queue now (not part of status) */
                        actors: {
                            [key: string]: {
                                lastActive?: string | null;
                                live: boolean;
                                waiting?: number;
                            };
                        };
                        auth: {
                            required: boolean;
                        };
                        budgets: {
                            inference: {
                                /** @description where inference budget counters live: postgres (every replica, kept across restarts) or this process only */
                                counters: "postgres" | "process";
                                /** @description what a model call of unknown cost (unpriced or unmetered) is charged */
                                floorMicroDollars: number;
                            };
                        };
                        chain: {
                            chainId?: number;
                            /** @description unavailable only: a code (rpc_unreachable, chain_id_mismatch, deployment_missing, deployment_code_missing) and what failed */
                            reason?: string;
                            /** @description the RPC URL with every credential masked */
                            rpc?: string;
                        };
                        chatReplies: {
                            key?: "channel_secret" | "session_key";
                            /** @description false: no key signs reply targets, so every reply from chat is refused */
                            signed: boolean;
                        };
                        db: {
                            error?: string;
                            ready: boolean;
                        } & {
                            engine: "sqlite" | "postgres";
                        };
                        down: ("nats" | "database")[];
                        flows: {
                            store: "memory" | "postgres";
                        };
                        governance: {
                            autoExecute: boolean;
                            reason?: string;
                        };
                        /** @description mock: no chain configured (chain reads are empty lists); unavailable: configured but not answering (chain reads are 503) */
                        mode: "mock" | "chain" | "unavailable";
                        model: {
                            configured: boolean;
                            provider: string;
                        };
                        planRequired: {
                            /** @description the rule set was unreadable, so the mode is off (it fails open) */
                            configError?: string;
                            mode: "off" | "spends_only" | "side_effects";
                            windowMinutes: number;
                        };
                        queue: {
                            error?: string;
                            ready: boolean;
                        } & {
                            provider: "embedded" | "jetstream";
                        };
                        role: "serve" | "gateway" | "worker";
                        rootAuth: {
                            configError?: string;
                            kind?: string;
                            required: boolean;
                        };
                        /** @description degraded when NATS or the database does not answer (HTTP 503) */
                        status: "ok" | "degraded";
                        version: string;
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description per actor: whether some worker on the bus is consuming its work queue now (not part of status) */
                        actors: {
                            [key: string]: {
                                lastActive?: string | null;
                                live: boolean;
                                waiting?: number;
                            };
                        };
                        auth: {
                            required: boolean;
                        };
                        budgets: {
                            inference: {
                                /** @description where inference budget counters live: postgres (every replica, kept across restarts) or this process only */
                                counters: "postgres" | "process";
                                /** @description what a model call of unknown cost (unpriced or unmetered) is charged */
                                floorMicroDollars: number;
                            };
                        };
                        chain: {
                            chainId?: number;
                            /** @description unavailable only: a code (rpc_unreachable, chain_id_mismatch, deployment_missing, deployment_code_missing) and what failed */
                            reason?: string;
                            /** @description the RPC URL with every credential masked */
                            rpc?: string;
                        };
                        chatReplies: {
                            key?: "channel_secret" | "session_key";
                            /** @description false: no key signs reply targets, so every reply from chat is refused */
                            signed: boolean;
                        };
                        db: {
                            error?: string;
                            ready: boolean;
                        } & {
                            engine: "sqlite" | "postgres";
                        };
                        down: ("nats" | "database")[];
                        flows: {
                            store: "memory" | "postgres";
                        };
                        governance: {
                            autoExecute: boolean;
                            reason?: string;
                        };
                        /** @description mock: no chain configured (chain reads are empty lists); unavailable: configured but not answering (chain reads are 503) */
                        mode: "mock" | "chain" | "unavailable";
                        model: {
                            configured: boolean;
                            provider: string;
                        };
                        planRequired: {
                            /** @description the rule set was unreadable, so the mode is off (it fails open) */
                            configError?: string;
                            mode: "off" | "spends_only" | "side_effects";
                            windowMinutes: number;
                        };
                        queue: {
                            error?: string;
                            ready: boolean;
                        } & {
                            provider: "embedded" | "jetstream";
                        };
                        role: "serve" | "gateway" | "worker";
                        rootAuth: {
                            configError?: string;
                            kind?: string;
                            required: boolean;
                        };
                        /** @description degraded when NATS or the database does not answer (HTTP 503) */
                        status: "ok" | "degraded";
                        version: string;
                    };
                };
            };
        };
    };
    listHeartbeats: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        floor: {
                            minutes: number;
                        };
                        heartbeats: {
                            crewId: string;
                            enabled: boolean;
                            failures: number;
                            items: {
                                id: string;
                                kind: "flow" | "skill";
                                when?: "openGates" | "parkedRuns";
                            }[];
                            lastTick?: {
                                crewId: string;
                                finishedAt?: string;
                                id: string;
                                items: {
                                    id: string;
                                    kind: "flow" | "skill";
                                    outcome: "ok" | "needs_person" | "failed" | "skipped_paused" | "idle" | "not_run";
                                    report: string;
                                    runId?: string;
                                    seat: string;
                                }[];
                                kind: "scheduled" | "manual";
                                note?: string;
                                runs: string[];
                                startedAt: string;
                                /** @enum {unknown} */
                                status: "running" | "ran" | "failed" | "stopped" | "skipped_quiet" | "skipped_disabled" | "coalesced" | "missed";
                                usage?: {
                                    calls: number;
                                    inputTokens: number;
                                    microDollars: number;
                                    outputTokens: number;
                                    unmeteredCalls: number;
                                    unpricedCalls: number;
                                };
                                window: string;
                                worker: string;
                            };
                            model?: string;
                            notifyOnOk: boolean;
                            quietEnd?: string;
                            quietStart?: string;
                            schedule: string;
                            seat: string;
                            stopOnError: boolean;
                            timezone: string;
                            updatedAt: string;
                            updatedBy: string;
                        }[];
                        presets: {
                            description: string;
                            name: string;
                            schedule: string;
                        }[];
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `store_unavailable`: the store is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example store_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    saveHeartbeat: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    heartbeat: {
                        crewId: string;
                        /** @default true */
                        enabled?: boolean;
                        items: {
                            id: string;
                            kind: "flow" | "skill";
                            when?: "openGates" | "parkedRuns";
                        }[];
                        model?: string;
                        /** @default true */
                        notifyOnOk?: boolean;
                        /** @description HH:MM (00:00-23:59) in the heartbeat timezone */
                        quietEnd?: string;
                        /** @description HH:MM (00:00-23:59) in the heartbeat timezone */
                        quietStart?: string;
                        /** @description 5-field cron, read in `timezone` */
                        schedule: string;
                        seat?: string;
                        /** @default false */
                        stopOnError?: boolean;
                        /** @description IANA zone name */
                        timezone: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        crewId: string;
                        enabled: boolean;
                        failures: number;
                        items: {
                            id: string;
                            kind: "flow" | "skill";
                            when?: "openGates" | "parkedRuns";
                        }[];
                        lastTick?: {
                            crewId: string;
                            finishedAt?: string;
                            id: string;
                            items: {
                                id: string;
                                kind: "flow" | "skill";
                                outcome: "ok" | "needs_person" | "failed" | "skipped_paused" | "idle" | "not_run";
                                report: string;
                                runId?: string;
                                seat: string;
                            }[];
                            kind: "scheduled" | "manual";
                            note?: string;
                            runs: string[];
                            startedAt: string;
                            /** @enum {unknown} */
                            status: "running" | "ran" | "failed" | "stopped" | "skipped_quiet" | "skipped_disabled" | "coalesced" | "missed";
                            usage?: {
                                calls: number;
                                inputTokens: number;
                                microDollars: number;
                                outputTokens: number;
                                unmeteredCalls: number;
                                unpricedCalls: number;
                            };
                            window: string;
                            worker: string;
                        };
                        model?: string;
                        notifyOnOk: boolean;
                        quietEnd?: string;
                        quietStart?: string;
                        schedule: string;
                        seat: string;
                        stopOnError: boolean;
                        timezone: string;
                        updatedAt: string;
                        updatedBy: string;
                    };
                };
            };
            /** @description `heartbeat_cadence_too_fast`: a heartbeat may run no more often than every 10 minutes; `heartbeat_flow_not_visible`: the heartbeat's seat may not see that flow; `heartbeat_invalid_schedule`: a heartbeat schedule is a 5-field cron expression; `heartbeat_invalid_time`: a quiet window start or end is HH:MM (00:00-23:59); `heartbeat_invalid_timezone`: a heartbeat timezone is an IANA zone name; `heartbeat_skill_not_carried`: the heartbeat's seat does not carry that skill in its directive; `heartbeat_unknown_item`: the heartbeat names an unknown flow or skill; `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example heartbeat_cadence_too_fast
                         * @example heartbeat_flow_not_visible
                         * @example heartbeat_invalid_schedule
                         * @example heartbeat_invalid_time
                         * @example heartbeat_invalid_timezone
                         * @example heartbeat_skill_not_carried
                         * @example heartbeat_unknown_item
                         * @example invalid_json
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `heartbeat_forbidden`: this caller may not see or change that heartbeat; `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example heartbeat_forbidden
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    deleteHeartbeat: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    crewId: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        crewId: string;
                        deleted: boolean;
                    };
                };
            };
            /** @description `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_json
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `heartbeat_forbidden`: this caller may not see or change that heartbeat; `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example heartbeat_forbidden
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    setHeartbeatEnabled: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    crewId: string;
                    enabled: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        crewId: string;
                        enabled: boolean;
                        failures: number;
                        items: {
                            id: string;
                            kind: "flow" | "skill";
                            when?: "openGates" | "parkedRuns";
                        }[];
                        lastTick?: {
                            crewId: string;
                            finishedAt?: string;
                            id: string;
                            items: {
                                id: string;
                                kind: "flow" | "skill";
                                outcome: "ok" | "needs_person" | "failed" | "skipped_paused" | "idle" | "not_run";
                                report: string;
                                runId?: string;
                                seat: string;
                            }[];
                            kind: "scheduled" | "manual";
                            note?: string;
                            runs: string[];
                            startedAt: string;
                            /** @enum {unknown} */
                            status: "running" | "ran" | "failed" | "stopped" | "skipped_quiet" | "skipped_disabled" | "coalesced" | "missed";
                            usage?: {
                                calls: number;
                                inputTokens: number;
                                microDollars: number;
                                outputTokens: number;
                                unmeteredCalls: number;
                                unpricedCalls: number;
                            };
                            window: string;
                            worker: string;
                        };
                        model?: string;
                        notifyOnOk: boolean;
                        quietEnd?: string;
                        quietStart?: string;
                        schedule: string;
                        seat: string;
                        stopOnError: boolean;
                        timezone: string;
                        updatedAt: string;
                        updatedBy: string;
                    };
                };
            };
            /** @description `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_json
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `heartbeat_forbidden`: this caller may not see or change that heartbeat; `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example heartbeat_forbidden
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `record_not_found`: no such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example record_not_found
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    runHeartbeat: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    crewId: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        crewId: string;
                        finishedAt?: string;
                        id: string;
                        items: {
                            id: string;
                            kind: "flow" | "skill";
                            outcome: "ok" | "needs_person" | "failed" | "skipped_paused" | "idle" | "not_run";
                            report: string;
                            runId?: string;
                            seat: string;
                        }[];
                        kind: "scheduled" | "manual";
                        note?: string;
                        runs: string[];
                        startedAt: string;
                        /** @enum {unknown} */
                        status: "running" | "ran" | "failed" | "stopped" | "skipped_quiet" | "skipped_disabled" | "coalesced" | "missed";
                        usage?: {
                            calls: number;
                            inputTokens: number;
                            microDollars: number;
                            outputTokens: number;
                            unmeteredCalls: number;
                            unpricedCalls: number;
                        };
                        window: string;
                        worker: string;
                    };
                };
            };
            /** @description `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_json
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `heartbeat_forbidden`: this caller may not see or change that heartbeat; `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example heartbeat_forbidden
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `record_not_found`: no such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example record_not_found
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `heartbeat_window_held`: the heartbeat window is held by a tick still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example heartbeat_window_held
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    listHeartbeatTicks: {
        parameters: {
            query?: {
                crewId?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ticks: {
                            crewId: string;
                            finishedAt?: string;
                            id: string;
                            items: {
                                id: string;
                                kind: "flow" | "skill";
                                outcome: "ok" | "needs_person" | "failed" | "skipped_paused" | "idle" | "not_run";
                                report: string;
                                runId?: string;
                                seat: string;
                            }[];
                            kind: "scheduled" | "manual";
                            note?: string;
                            runs: string[];
                            startedAt: string;
                            /** @enum {unknown} */
                            status: "running" | "ran" | "failed" | "stopped" | "skipped_quiet" | "skipped_disabled" | "coalesced" | "missed";
                            usage?: {
                                calls: number;
                                inputTokens: number;
                                microDollars: number;
                                outputTokens: number;
                                unmeteredCalls: number;
                                unpricedCalls: number;
                            };
                            window: string;
                            worker: string;
                        }[];
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `heartbeat_forbidden`: this caller may not see or change that heartbeat; `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example heartbeat_forbidden
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `record_not_found`: no such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example record_not_found
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `store_unavailable`: the store is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example store_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    deliverWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description `pubsub` scheme: `Bearer <OIDC token>` signed by the provider, checked for audience and service account */
                Authorization?: string;
                /** @description `codehost` scheme: the delivery id a repeat is recognised by (also read as X-GitHub-Delivery, X-Gitea-Delivery, X-Forgejo-Delivery) */
                "X-Codehost-Delivery"?: string;
                /** @description `codehost` scheme: the event name, filtered by the trigger `events` (also read as X-GitHub-Event, X-Gitea-Event, X-Forgejo-Event) */
                "X-Codehost-Event"?: string;
                /** @description `codehost` scheme (Forgejo): bare hex HMAC-SHA256 of the raw body */
                "X-Forgejo-Signature"?: string;
                /** @description `codehost` scheme (Gitea): bare hex HMAC-SHA256 of the raw body */
                "X-Gitea-Signature"?: string;
                /** @description `codehost` scheme: the delivery id as GitHub sends it */
                "X-GitHub-Delivery"?: string;
                /** @description `codehost` scheme: the event name as GitHub sends it */
                "X-GitHub-Event"?: string;
                /** @description `codehost` scheme (GitHub form): `sha256=<hex>` HMAC-SHA256 of the raw body */
                "X-Hub-Signature-256"?: string;
                /** @description `svc` scheme: `sha256=<hex>` HMAC-SHA256 of `<timestamp>.<raw body>` with the trigger secret */
                "X-Svc-Signature"?: string;
                /** @description `svc` scheme: the signed unix seconds; refused outside the tolerance window */
                "X-Svc-Timestamp"?: string;
            };
            path: {
                triggerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        accepted: true;
                        runId: string;
                    } | {
                        /** @enum {boolean} */
                        accepted: true;
                        release: {
                            key: string;
                        };
                    } | {
                        /** @enum {boolean} */
                        duplicate: true;
                    } | {
                        /** @enum {string} */
                        skipped: "event_not_selected";
                    } | {
                        /** @enum {boolean} */
                        ping: true;
                    };
                };
            };
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        accepted: true;
                        runId: string;
                    } | {
                        /** @enum {boolean} */
                        accepted: true;
                        release: {
                            key: string;
                        };
                    } | {
                        /** @enum {boolean} */
                        duplicate: true;
                    } | {
                        /** @enum {string} */
                        skipped: "event_not_selected";
                    } | {
                        /** @enum {boolean} */
                        ping: true;
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema; `webhook_body_invalid`: the delivery body is not JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         * @example webhook_body_invalid
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `webhook_signature_invalid`: the delivery signature does not verify; `webhook_signature_malformed`: the delivery signature is malformed; `webhook_signature_missing`: the delivery carries no signature; `webhook_timestamp_stale`: the delivery timestamp is outside the tolerance window; `webhook_token_audience_invalid`: the token was issued for another audience; `webhook_token_email_invalid`: the token was issued for another service account; `webhook_token_invalid`: the token does not verify against the current key set */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example webhook_signature_invalid
                         * @example webhook_signature_malformed
                         * @example webhook_signature_missing
                         * @example webhook_timestamp_stale
                         * @example webhook_token_audience_invalid
                         * @example webhook_token_email_invalid
                         * @example webhook_token_invalid
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for; `webhook_principal_paused`: the trigger principal is paused; retry later; `webhook_trigger_disabled`: the trigger is disabled */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         * @example webhook_principal_paused
                         * @example webhook_trigger_disabled
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `webhook_trigger_not_found`: no such webhook trigger */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example webhook_trigger_not_found
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `webhook_flow_unavailable`: the trigger's flow is missing, no longer trigger: webhook, or not visible to the trigger principal; no run was started */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example webhook_flow_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `webhook_body_too_large`: the delivery body is over the cap */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example webhook_body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable; `store_unavailable`: the store is unavailable; `webhook_jwks_unavailable`: the provider key set is unreachable; retry later; `webhook_sealing_unavailable`: trigger secrets cannot be sealed without SVC_SESSION_KEY */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         * @example store_unavailable
                         * @example webhook_jwks_unavailable
                         * @example webhook_sealing_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    listIntents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        intents: {
                            /** @description a 20-byte address, 0x-prefixed hex */
                            agent: string;
                            asset: string;
                            /** @description a 20-byte address, 0x-prefixed hex */
                            awaitingApprover: string;
                            callTrace?: {
                                depth: number;
                                error?: string;
                                /** @description a 20-byte address, 0x-prefixed hex */
                                from: string;
                                /** @description a 20-byte address, 0x-prefixed hex */
                                to?: string;
                                type: string;
                                /** @description a non-negative integer as a decimal string */
                                value: string;
                            }[];
                            data: string;
                            /** @description a non-negative integer as a decimal string */
                            intentId: string;
                            measuredChanges?: {
                                /** @description a 20-byte address, 0x-prefixed hex */
                                account: string;
                                /** @description an integer as a decimal string */
                                delta: string;
                                /** @description a 20-byte address, 0x-prefixed hex */
                                token: string;
                            }[];
                            /** @description a 20-byte address, 0x-prefixed hex */
                            target: string;
                            /** @description a non-negative integer as a decimal string */
                            value: string;
                            verdict?: "ALLOW" | "ESCALATE" | "DENY";
                        }[];
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chain_read_unimplemented`: this chain read needs contract bindings this build does not have yet */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chain_read_unimplemented
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chain_unavailable`: the chain is configured but does not answer (or its deployment is not there) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chain_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    confirmIntent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    approved: boolean;
                    asset?: string;
                    /** @description the intent id on the asset router, a decimal string */
                    intentId: string;
                    /** @description the hash of the multisig transaction that resolved it */
                    txHash: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        approved?: boolean;
                        /** @description a 20-byte address, 0x-prefixed hex */
                        approver?: string;
                        asset: string;
                        /** @enum {string} */
                        authorizedBy?: "root:multisig-passkey";
                        /** @description a 20-byte address, 0x-prefixed hex */
                        awaitingApprover?: string;
                        confirmed: boolean;
                        intentId: string;
                        outcome?: "settled" | "rejected" | "denied";
                        reason?: string;
                        txHash?: string;
                    };
                };
            };
            /** @description `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema; `unknown_asset`: no asset of that symbol in this deployment */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_json
                         * @example invalid_request
                         * @example unknown_asset
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for; `operator_only`: only the operator may do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         * @example operator_only
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `intent_not_found`: no such intent on that asset router */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example intent_not_found
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `no_chain`: this deployment has no chain */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example no_chain
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `root_auth_config_error`: the configured root cannot verify proofs */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example root_auth_config_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chain_unavailable`: the chain is configured but does not answer (or its deployment is not there) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chain_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    listIntentHistory: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        intents: {
                            approved: boolean;
                            /** @description a 20-byte address, 0x-prefixed hex */
                            approver?: string;
                            asset: string;
                            at: string;
                            authorizedBy?: string;
                            /** @description a 20-byte address, 0x-prefixed hex */
                            awaitingApprover?: string;
                            /** @description a non-negative integer as a decimal string */
                            intentId: string;
                            outcome?: "settled" | "climbed" | "rejected" | "denied";
                            txHash?: string;
                        }[];
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chain_read_unimplemented`: this chain read needs contract bindings this build does not have yet */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chain_read_unimplemented
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chain_unavailable`: the chain is configured but does not answer (or its deployment is not there) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chain_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    resolveIntent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    approved: boolean;
                    asset?: string;
                    /** @description the challenge from POST /root-auth/challenge (base64url) */
                    challenge?: string;
                    /** @description the intent id on the asset router, a decimal string */
                    intentId: string;
                    /** @description `{kind: 'passkey', credentialId, authenticatorData, clientDataJSON, signature}` or `{kind: 'wallet', address, signature}` */
                    rootProof?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        approved: boolean;
                        /** @description a 20-byte address, 0x-prefixed hex */
                        approver: string;
                        asset: string;
                        authorizedBy: "root:passkey" | "root:wallet" | "root:multisig-passkey" | "approver" | "unauthenticated";
                        /** @description a 20-byte address, 0x-prefixed hex */
                        awaitingApprover?: string;
                        intentId: string;
                        outcome: "settled" | "climbed" | "rejected" | "denied";
                        /** @enum {string} */
                        reason?: "policy_deny";
                        txHash: string;
                    };
                };
            };
            /** @description `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema; `unknown_asset`: no asset of that symbol in this deployment */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_json
                         * @example invalid_request
                         * @example unknown_asset
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for; `operator_only`: only the operator may do this; `root_proof_invalid`: the root proof does not verify (unknown, used or expired challenge, another action or subject, or a bad signature); `root_proof_required`: a fresh root proof is required */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         * @example operator_only
                         * @example root_proof_invalid
                         * @example root_proof_required
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `intent_not_found`: no such intent on that asset router */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example intent_not_found
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `intent_not_pending`: the intent is already resolved; the chain has nothing pending; `multisig_exec_unsigned`: no relayer for this chain: the multisig transaction is returned unsigned; `no_chain`: this deployment has no chain; `no_signer_for_approver`: this process holds no key for the seat the intent waits on */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example intent_not_pending
                         * @example multisig_exec_unsigned
                         * @example no_chain
                         * @example no_signer_for_approver
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chain_reverted`: a chain call reverted; the message names the contract error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chain_reverted
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `root_auth_config_error`: the configured root cannot verify proofs */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example root_auth_config_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chain_unavailable`: the chain is configured but does not answer (or its deployment is not there) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chain_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    getLiveness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        live: true;
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    serveMcp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for; `origin_not_allowed`: the browser origin is not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         * @example origin_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    callMcpTool: {
        parameters: {
            query?: {
                as?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    arguments?: {
                        [key: string]: unknown;
                    };
                    as?: string;
                    name: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        durationMs: number;
                        name: string;
                        result: unknown;
                        /** @enum {string} */
                        status: "ok";
                        untrusted: boolean;
                    };
                };
            };
            /** @description `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema; `mcp_arguments_invalid`: the arguments do not fit the tool's published inputSchema; `mcp_wildcard_enable`: a wildcard may only narrow */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_json
                         * @example invalid_request
                         * @example mcp_arguments_invalid
                         * @example mcp_wildcard_enable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for; `mcp_egress_refused`: the egress policy refuses this server; `mcp_mode_denied`: the write mode refuses this call; `mcp_scope_forbidden`: this caller may not change or act for that scope; `mcp_tool_drifted`: the tool's definition changed since it was approved; it is refused until an operator approves the new one; `tool_not_allowlisted`: tool is not allowlisted for this seat */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         * @example mcp_egress_refused
                         * @example mcp_mode_denied
                         * @example mcp_scope_forbidden
                         * @example mcp_tool_drifted
                         * @example tool_not_allowlisted
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `record_not_found`: no such record; `unknown_external_mcp_tool`: no such external tool is visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example record_not_found
                         * @example unknown_external_mcp_tool
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `conflict`: the record already exists; `mcp_server_is_boot_config`: a boot-configured server cannot be detached */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example conflict
                         * @example mcp_server_is_boot_config
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `mcp_tool_error`: the tool ran and answered with an error (isError) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example mcp_tool_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `mcp_missing_credential`: the credential the server config points at is not available */
            424: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example mcp_missing_credential
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `mcp_response_too_large`: the attached server sent more than maxResponseBytes; `mcp_server_unreachable`: the attached server could not be reached or broke the protocol */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example mcp_response_too_large
                         * @example mcp_server_unreachable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time; `mcp_call_timeout`: the attached server did not answer within timeoutMs */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         * @example mcp_call_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    mcpOAuthCallback: {
        parameters: {
            query?: {
                code?: string;
                error?: string;
                error_description?: string;
                error_uri?: string;
                iss?: string;
                scope?: string;
                session_state?: string;
                state?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        authorized: true;
                        discovery: {
                            added: string[];
                            drifted?: string[];
                            error?: string;
                            ok: boolean;
                            removed: string[];
                            server: string;
                            unchanged: string[];
                        };
                        server: string;
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema; `mcp_wildcard_enable`: a wildcard may only narrow */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         * @example mcp_wildcard_enable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for; `mcp_egress_refused`: the egress policy refuses this server; `mcp_mode_denied`: the write mode refuses this call; `mcp_scope_forbidden`: this caller may not change or act for that scope; `tool_not_allowlisted`: tool is not allowlisted for this seat */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         * @example mcp_egress_refused
                         * @example mcp_mode_denied
                         * @example mcp_scope_forbidden
                         * @example tool_not_allowlisted
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `record_not_found`: no such record; `unknown_external_mcp_tool`: no such external tool is visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example record_not_found
                         * @example unknown_external_mcp_tool
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `conflict`: the record already exists; `mcp_server_is_boot_config`: a boot-configured server cannot be detached */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example conflict
                         * @example mcp_server_is_boot_config
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `mcp_missing_credential`: the credential the server config points at is not available */
            424: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example mcp_missing_credential
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `mcp_response_too_large`: the attached server sent more than maxResponseBytes; `mcp_server_unreachable`: the attached server could not be reached or broke the protocol */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example mcp_response_too_large
                         * @example mcp_server_unreachable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable; `sealing_key_unavailable`: no sealing key (SVC_SESSION_KEY) is configured */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         * @example sealing_key_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time; `mcp_call_timeout`: the attached server did not answer within timeoutMs */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         * @example mcp_call_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    listMcpSecrets: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        secrets: {
                            last4: string;
                            ref: string;
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for; `mcp_scope_forbidden`: this caller may not change or act for that scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         * @example mcp_scope_forbidden
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `record_not_found`: no such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example record_not_found
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable; `sealing_key_unavailable`: no sealing key (SVC_SESSION_KEY) is configured */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         * @example sealing_key_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    putMcpSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description a secret reference (letters, digits, . _ -) */
                ref: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the credential; at least 8 characters so the last four never reveal it */
                    value: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        last4: string;
                        ref: string;
                        replaced: boolean;
                    };
                };
            };
            /** @description `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_json
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for; `mcp_scope_forbidden`: this caller may not change or act for that scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         * @example mcp_scope_forbidden
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `record_not_found`: no such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example record_not_found
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable; `sealing_key_unavailable`: no sealing key (SVC_SESSION_KEY) is configured */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         * @example sealing_key_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    deleteMcpSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description a secret reference (letters, digits, . _ -) */
                ref: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cleared: boolean;
                        ref: string;
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for; `mcp_scope_forbidden`: this caller may not change or act for that scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         * @example mcp_scope_forbidden
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `record_not_found`: no such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example record_not_found
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable; `sealing_key_unavailable`: no sealing key (SVC_SESSION_KEY) is configured */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         * @example sealing_key_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    listMcpServers: {
        parameters: {
            query?: {
                as?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        egress: {
                            allowEnv: string[] | null;
                            allowHosts: string[] | null;
                            loopback: boolean;
                            mode: "self-host" | "hosted";
                            notes: string[];
                            stdio: boolean;
                        };
                        seat: string | null;
                        servers: {
                            auth?: {
                                /** @enum {string} */
                                kind: "bearer";
                                tokenEnv: string;
                            } | {
                                /** @enum {string} */
                                kind: "secret";
                                /** @description a secret reference (letters, digits, . _ -) */
                                secretRef: string;
                            } | {
                                clientId?: string;
                                /** @description a secret reference (letters, digits, . _ -) */
                                clientSecretRef?: string;
                                /** @enum {string} */
                                kind: "oauth";
                                scope?: string;
                            };
                            blockedCount: number;
                            grants?: {
                                decidedBy?: string;
                                kind: "resource" | "prompt";
                                name: string;
                                state: "allowed" | "blocked" | "disabled";
                            }[];
                            id: string;
                            maxConcurrency: number;
                            maxResponseBytes: number;
                            origin: "boot" | "runtime";
                            owned: boolean;
                            refreshedAt: string | null;
                            timeoutMs: number;
                            title?: string;
                            tools: {
                                classified: boolean;
                                decidedBy?: string;
                                description?: string;
                                effect: "read" | "write";
                                hash?: string;
                                mode?: "auto" | "ask" | "deny";
                                name: string;
                                state: "allowed" | "blocked" | "disabled" | "drifted";
                            }[];
                            transport: "http" | "stdio";
                            url?: string;
                        }[];
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema; `mcp_wildcard_enable`: a wildcard may only narrow */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         * @example mcp_wildcard_enable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for; `mcp_egress_refused`: the egress policy refuses this server; `mcp_mode_denied`: the write mode refuses this call; `mcp_scope_forbidden`: this caller may not change or act for that scope; `tool_not_allowlisted`: tool is not allowlisted for this seat */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         * @example mcp_egress_refused
                         * @example mcp_mode_denied
                         * @example mcp_scope_forbidden
                         * @example tool_not_allowlisted
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `record_not_found`: no such record; `unknown_external_mcp_tool`: no such external tool is visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example record_not_found
                         * @example unknown_external_mcp_tool
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `conflict`: the record already exists; `mcp_server_is_boot_config`: a boot-configured server cannot be detached */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example conflict
                         * @example mcp_server_is_boot_config
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `mcp_missing_credential`: the credential the server config points at is not available */
            424: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example mcp_missing_credential
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `mcp_response_too_large`: the attached server sent more than maxResponseBytes; `mcp_server_unreachable`: the attached server could not be reached or broke the protocol */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example mcp_response_too_large
                         * @example mcp_server_unreachable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time; `mcp_call_timeout`: the attached server did not answer within timeoutMs */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         * @example mcp_call_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    loginMcpServer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description server id: lowercase letters, digits and hyphens */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        authorizationUrl: string;
                        expiresAt: string;
                        redirectUri: string;
                        server: string;
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema; `mcp_wildcard_enable`: a wildcard may only narrow */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         * @example mcp_wildcard_enable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for; `mcp_egress_refused`: the egress policy refuses this server; `mcp_mode_denied`: the write mode refuses this call; `mcp_scope_forbidden`: this caller may not change or act for that scope; `tool_not_allowlisted`: tool is not allowlisted for this seat */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         * @example mcp_egress_refused
                         * @example mcp_mode_denied
                         * @example mcp_scope_forbidden
                         * @example tool_not_allowlisted
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `record_not_found`: no such record; `unknown_external_mcp_tool`: no such external tool is visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example record_not_found
                         * @example unknown_external_mcp_tool
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `conflict`: the record already exists; `mcp_server_is_boot_config`: a boot-configured server cannot be detached */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example conflict
                         * @example mcp_server_is_boot_config
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `mcp_missing_credential`: the credential the server config points at is not available */
            424: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example mcp_missing_credential
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `mcp_response_too_large`: the attached server sent more than maxResponseBytes; `mcp_server_unreachable`: the attached server could not be reached or broke the protocol */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example mcp_response_too_large
                         * @example mcp_server_unreachable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable; `sealing_key_unavailable`: no sealing key (SVC_SESSION_KEY) is configured */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         * @example sealing_key_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time; `mcp_call_timeout`: the attached server did not answer within timeoutMs */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         * @example mcp_call_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    serveMcpServer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description server id: lowercase letters, digits and hyphens */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for; `origin_not_allowed`: the browser origin is not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         * @example origin_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unknown_external_mcp_tool`: no such external tool is visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unknown_external_mcp_tool
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    approveMcpToolDefinition: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description server id: lowercase letters, digits and hyphens */
                id: string;
                tool: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    hash?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        change: "approved" | "unchanged";
                        hash: string;
                        server: string;
                        tool: string;
                    };
                };
            };
            /** @description `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema; `mcp_wildcard_enable`: a wildcard may only narrow */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_json
                         * @example invalid_request
                         * @example mcp_wildcard_enable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for; `mcp_egress_refused`: the egress policy refuses this server; `mcp_mode_denied`: the write mode refuses this call; `mcp_scope_forbidden`: this caller may not change or act for that scope; `tool_not_allowlisted`: tool is not allowlisted for this seat */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         * @example mcp_egress_refused
                         * @example mcp_mode_denied
                         * @example mcp_scope_forbidden
                         * @example tool_not_allowlisted
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `record_not_found`: no such record; `unknown_external_mcp_tool`: no such external tool is visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example record_not_found
                         * @example unknown_external_mcp_tool
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `conflict`: the record already exists; `mcp_server_is_boot_config`: a boot-configured server cannot be detached */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example conflict
                         * @example mcp_server_is_boot_config
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `mcp_missing_credential`: the credential the server config points at is not available */
            424: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example mcp_missing_credential
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `mcp_response_too_large`: the attached server sent more than maxResponseBytes; `mcp_server_unreachable`: the attached server could not be reached or broke the protocol */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example mcp_response_too_large
                         * @example mcp_server_unreachable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time; `mcp_call_timeout`: the attached server did not answer within timeoutMs */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         * @example mcp_call_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    diffMcpToolDefinition: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description server id: lowercase letters, digits and hyphens */
                id: string;
                tool: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        approved: {
                            at: string;
                            by: string;
                            definition: {
                                annotations?: unknown;
                                description?: string;
                                inputSchema?: unknown;
                                name: string;
                                outputSchema?: unknown;
                                server: string;
                                title?: string;
                            };
                            hash: string;
                        };
                        changes: {
                            approved?: unknown;
                            field: string;
                            seen?: unknown;
                        }[];
                        drifted: boolean;
                        driftedAt: string | null;
                        seen: {
                            at: string;
                            definition: {
                                annotations?: unknown;
                                description?: string;
                                inputSchema?: unknown;
                                name: string;
                                outputSchema?: unknown;
                                server: string;
                                title?: string;
                            };
                            hash: string;
                        };
                        server: string;
                        tool: string;
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema; `mcp_wildcard_enable`: a wildcard may only narrow */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         * @example mcp_wildcard_enable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for; `mcp_egress_refused`: the egress policy refuses this server; `mcp_mode_denied`: the write mode refuses this call; `mcp_scope_forbidden`: this caller may not change or act for that scope; `tool_not_allowlisted`: tool is not allowlisted for this seat */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         * @example mcp_egress_refused
                         * @example mcp_mode_denied
                         * @example mcp_scope_forbidden
                         * @example tool_not_allowlisted
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `record_not_found`: no such record; `unknown_external_mcp_tool`: no such external tool is visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example record_not_found
                         * @example unknown_external_mcp_tool
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `conflict`: the record already exists; `mcp_server_is_boot_config`: a boot-configured server cannot be detached */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example conflict
                         * @example mcp_server_is_boot_config
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `mcp_missing_credential`: the credential the server config points at is not available */
            424: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example mcp_missing_credential
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `mcp_response_too_large`: the attached server sent more than maxResponseBytes; `mcp_server_unreachable`: the attached server could not be reached or broke the protocol */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example mcp_response_too_large
                         * @example mcp_server_unreachable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time; `mcp_call_timeout`: the attached server did not answer within timeoutMs */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         * @example mcp_call_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    attachMcpServer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    args?: string[];
                    auth?: {
                        /** @enum {string} */
                        kind: "bearer";
                        tokenEnv: string;
                    } | {
                        /** @enum {string} */
                        kind: "secret";
                        /** @description a secret reference (letters, digits, . _ -) */
                        secretRef: string;
                    } | {
                        clientId?: string;
                        /** @description a secret reference (letters, digits, . _ -) */
                        clientSecretRef?: string;
                        /** @enum {string} */
                        kind: "oauth";
                        scope?: string;
                    };
                    command?: string;
                    env?: string[];
                    /** @description server id: lowercase letters, digits and hyphens */
                    id: string;
                    maxConcurrency?: number;
                    maxResponseBytes?: number;
                    timeoutMs?: number;
                    title?: string;
                    transport: "http" | "stdio";
                    url?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        discovery: {
                            added: string[];
                            drifted?: string[];
                            error?: string;
                            ok: boolean;
                            removed: string[];
                            server: string;
                            unchanged: string[];
                        };
                        replaced: boolean;
                        server: string;
                        tools: {
                            classified: boolean;
                            decidedBy?: string;
                            description?: string;
                            effect: "read" | "write";
                            hash?: string;
                            mode?: "auto" | "ask" | "deny";
                            name: string;
                            state: "allowed" | "blocked" | "disabled" | "drifted";
                        }[];
                    };
                };
            };
            /** @description `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema; `mcp_wildcard_enable`: a wildcard may only narrow */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_json
                         * @example invalid_request
                         * @example mcp_wildcard_enable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for; `mcp_egress_refused`: the egress policy refuses this server; `mcp_mode_denied`: the write mode refuses this call; `mcp_scope_forbidden`: this caller may not change or act for that scope; `tool_not_allowlisted`: tool is not allowlisted for this seat */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         * @example mcp_egress_refused
                         * @example mcp_mode_denied
                         * @example mcp_scope_forbidden
                         * @example tool_not_allowlisted
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `record_not_found`: no such record; `unknown_external_mcp_tool`: no such external tool is visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example record_not_found
                         * @example unknown_external_mcp_tool
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `conflict`: the record already exists; `mcp_server_is_boot_config`: a boot-configured server cannot be detached */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example conflict
                         * @example mcp_server_is_boot_config
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `mcp_missing_credential`: the credential the server config points at is not available */
            424: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example mcp_missing_credential
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `mcp_response_too_large`: the attached server sent more than maxResponseBytes; `mcp_server_unreachable`: the attached server could not be reached or broke the protocol */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example mcp_response_too_large
                         * @example mcp_server_unreachable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time; `mcp_call_timeout`: the attached server did not answer within timeoutMs */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         * @example mcp_call_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    detachMcpServer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description server id: lowercase letters, digits and hyphens */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        detached: true;
                        rulesKept: number;
                        server: string;
                    };
                };
            };
            /** @description `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema; `mcp_wildcard_enable`: a wildcard may only narrow */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_json
                         * @example invalid_request
                         * @example mcp_wildcard_enable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for; `mcp_egress_refused`: the egress policy refuses this server; `mcp_mode_denied`: the write mode refuses this call; `mcp_scope_forbidden`: this caller may not change or act for that scope; `tool_not_allowlisted`: tool is not allowlisted for this seat */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         * @example mcp_egress_refused
                         * @example mcp_mode_denied
                         * @example mcp_scope_forbidden
                         * @example tool_not_allowlisted
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `record_not_found`: no such record; `unknown_external_mcp_tool`: no such external tool is visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example record_not_found
                         * @example unknown_external_mcp_tool
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `conflict`: the record already exists; `mcp_server_is_boot_config`: a boot-configured server cannot be detached */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example conflict
                         * @example mcp_server_is_boot_config
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `mcp_missing_credential`: the credential the server config points at is not available */
            424: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example mcp_missing_credential
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `mcp_response_too_large`: the attached server sent more than maxResponseBytes; `mcp_server_unreachable`: the attached server could not be reached or broke the protocol */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example mcp_response_too_large
                         * @example mcp_server_unreachable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time; `mcp_call_timeout`: the attached server did not answer within timeoutMs */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         * @example mcp_call_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    pingMcpServer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description server id: lowercase letters, digits and hyphens */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: string;
                        latencyMs: number;
                        reachable: boolean;
                        server: string;
                        toolCount: number | null;
                    };
                };
            };
            /** @description `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema; `mcp_wildcard_enable`: a wildcard may only narrow */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_json
                         * @example invalid_request
                         * @example mcp_wildcard_enable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for; `mcp_egress_refused`: the egress policy refuses this server; `mcp_mode_denied`: the write mode refuses this call; `mcp_scope_forbidden`: this caller may not change or act for that scope; `tool_not_allowlisted`: tool is not allowlisted for this seat */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         * @example mcp_egress_refused
                         * @example mcp_mode_denied
                         * @example mcp_scope_forbidden
                         * @example tool_not_allowlisted
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `record_not_found`: no such record; `unknown_external_mcp_tool`: no such external tool is visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example record_not_found
                         * @example unknown_external_mcp_tool
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `conflict`: the record already exists; `mcp_server_is_boot_config`: a boot-configured server cannot be detached */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example conflict
                         * @example mcp_server_is_boot_config
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `mcp_missing_credential`: the credential the server config points at is not available */
            424: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example mcp_missing_credential
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `mcp_response_too_large`: the attached server sent more than maxResponseBytes; `mcp_server_unreachable`: the attached server could not be reached or broke the protocol */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example mcp_response_too_large
                         * @example mcp_server_unreachable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time; `mcp_call_timeout`: the attached server did not answer within timeoutMs */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         * @example mcp_call_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    refreshMcpServer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: {
                            added: string[];
                            drifted?: string[];
                            error?: string;
                            ok: boolean;
                            removed: string[];
                            server: string;
                            unchanged: string[];
                        }[];
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema; `mcp_wildcard_enable`: a wildcard may only narrow */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         * @example mcp_wildcard_enable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for; `mcp_egress_refused`: the egress policy refuses this server; `mcp_mode_denied`: the write mode refuses this call; `mcp_scope_forbidden`: this caller may not change or act for that scope; `tool_not_allowlisted`: tool is not allowlisted for this seat */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         * @example mcp_egress_refused
                         * @example mcp_mode_denied
                         * @example mcp_scope_forbidden
                         * @example tool_not_allowlisted
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `record_not_found`: no such record; `unknown_external_mcp_tool`: no such external tool is visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example record_not_found
                         * @example unknown_external_mcp_tool
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `conflict`: the record already exists; `mcp_server_is_boot_config`: a boot-configured server cannot be detached */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example conflict
                         * @example mcp_server_is_boot_config
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `mcp_missing_credential`: the credential the server config points at is not available */
            424: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example mcp_missing_credential
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `mcp_response_too_large`: the attached server sent more than maxResponseBytes; `mcp_server_unreachable`: the attached server could not be reached or broke the protocol */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example mcp_response_too_large
                         * @example mcp_server_unreachable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time; `mcp_call_timeout`: the attached server did not answer within timeoutMs */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         * @example mcp_call_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    setMcpServerTools: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    effect?: "read" | "write";
                    enabled?: boolean;
                    kind?: "tool" | "resource" | "prompt";
                    mode?: "auto" | "ask" | "deny";
                    scope?: {
                        level: "agent" | "crew";
                        ref: string;
                    };
                    /** @description server id: lowercase letters, digits and hyphens */
                    server: string;
                    tool: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        change: "set" | "cleared" | "unchanged";
                        rule: {
                            effect?: "read" | "write";
                            enabled?: boolean;
                            kind?: "tool" | "resource" | "prompt";
                            mode?: "auto" | "ask" | "deny";
                            scope?: {
                                level: "agent" | "crew";
                                ref: string;
                            };
                            /** @description server id: lowercase letters, digits and hyphens */
                            server: string;
                            tool: string;
                        };
                    };
                };
            };
            /** @description `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema; `mcp_wildcard_enable`: a wildcard may only narrow */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_json
                         * @example invalid_request
                         * @example mcp_wildcard_enable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for; `mcp_egress_refused`: the egress policy refuses this server; `mcp_mode_denied`: the write mode refuses this call; `mcp_scope_forbidden`: this caller may not change or act for that scope; `tool_not_allowlisted`: tool is not allowlisted for this seat */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         * @example mcp_egress_refused
                         * @example mcp_mode_denied
                         * @example mcp_scope_forbidden
                         * @example tool_not_allowlisted
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `record_not_found`: no such record; `unknown_external_mcp_tool`: no such external tool is visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example record_not_found
                         * @example unknown_external_mcp_tool
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `conflict`: the record already exists; `mcp_server_is_boot_config`: a boot-configured server cannot be detached */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example conflict
                         * @example mcp_server_is_boot_config
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `mcp_missing_credential`: the credential the server config points at is not available */
            424: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example mcp_missing_credential
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `mcp_response_too_large`: the attached server sent more than maxResponseBytes; `mcp_server_unreachable`: the attached server could not be reached or broke the protocol */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example mcp_response_too_large
                         * @example mcp_server_unreachable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time; `mcp_call_timeout`: the attached server did not answer within timeoutMs */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         * @example mcp_call_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    listMcpTools: {
        parameters: {
            query?: {
                as?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        seat: string;
                        tools: {
                            annotations: {
                                destructiveHint?: boolean;
                                idempotentHint?: boolean;
                                openWorldHint?: boolean;
                                readOnlyHint?: boolean;
                            };
                            description?: string;
                            effect?: "read" | "write";
                            inputSchema?: unknown;
                            kind: "first-party" | "external";
                            mode?: "auto" | "ask" | "deny";
                            name: string;
                            server?: string;
                            tool?: string;
                        }[];
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema; `mcp_wildcard_enable`: a wildcard may only narrow */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         * @example mcp_wildcard_enable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for; `mcp_egress_refused`: the egress policy refuses this server; `mcp_mode_denied`: the write mode refuses this call; `mcp_scope_forbidden`: this caller may not change or act for that scope; `tool_not_allowlisted`: tool is not allowlisted for this seat */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         * @example mcp_egress_refused
                         * @example mcp_mode_denied
                         * @example mcp_scope_forbidden
                         * @example tool_not_allowlisted
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `record_not_found`: no such record; `unknown_external_mcp_tool`: no such external tool is visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example record_not_found
                         * @example unknown_external_mcp_tool
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `conflict`: the record already exists; `mcp_server_is_boot_config`: a boot-configured server cannot be detached */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example conflict
                         * @example mcp_server_is_boot_config
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `mcp_missing_credential`: the credential the server config points at is not available */
            424: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example mcp_missing_credential
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `mcp_response_too_large`: the attached server sent more than maxResponseBytes; `mcp_server_unreachable`: the attached server could not be reached or broke the protocol */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example mcp_response_too_large
                         * @example mcp_server_unreachable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time; `mcp_call_timeout`: the attached server did not answer within timeoutMs */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         * @example mcp_call_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    listMessages: {
        parameters: {
            query?: {
                /** @description only messages with a larger id (polling) */
                after?: string;
                limit?: number;
                /** @description default the caller's own thread, agent:<seat> */
                thread?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        messages: {
                            author: string;
                            authorId: string | null;
                            /** @description human, agent or system; set server-side */
                            authorKind: string;
                            body: string;
                            createdAt: string;
                            id: string;
                            kind: string;
                            /** @description what this reply did to the question it names */
                            outcome: string | null;
                            /** @description on a question message, the question to name in replyTo */
                            questionId: string | null;
                            /** @description on a question, when a channel key is configured: the signed target a chat bridge hands back with a reply (POST /messages/chat) */
                            replyTarget?: string;
                            replyTo: string | null;
                            thread: string;
                        }[];
                        thread: string;
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `record_not_found`: no such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example record_not_found
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `store_unavailable`: the store is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example store_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    postMessage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    author?: string;
                    authorId?: string;
                    authorKind?: string;
                    body: string;
                    /** @description default answer with replyTo, note without */
                    kind?: string;
                    /** @description a question id: this message answers it */
                    replyTo?: string;
                    thread?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        gate?: {
                            optionId: string | null;
                            outcome: "resolved" | "not_an_option" | "agent_reply" | "assignee_mismatch" | "not_open";
                            questionId: string;
                            status: "open" | "resolved" | "timed_out" | "closed";
                        };
                        message: {
                            author: string;
                            authorId: string | null;
                            /** @description human, agent or system; set server-side */
                            authorKind: string;
                            body: string;
                            createdAt: string;
                            id: string;
                            kind: string;
                            /** @description what this reply did to the question it names */
                            outcome: string | null;
                            /** @description on a question message, the question to name in replyTo */
                            questionId: string | null;
                            /** @description on a question, when a channel key is configured: the signed target a chat bridge hands back with a reply (POST /messages/chat) */
                            replyTarget?: string;
                            replyTo: string | null;
                            thread: string;
                        };
                    };
                };
            };
            /** @description `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_json
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `gate_assignee_mismatch`: only the assignee may answer this gate; `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example gate_assignee_mismatch
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `record_not_found`: no such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example record_not_found
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `human_gate_invalid_assignee`: a gate assignee must be one token without spaces */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example human_gate_invalid_assignee
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    postChatReply: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    body: string;
                    /** @description the replyTarget of the question being answered, as the bridge received it */
                    replyTarget: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        gate?: {
                            optionId: string | null;
                            outcome: "resolved" | "not_an_option" | "agent_reply" | "assignee_mismatch" | "not_open";
                            questionId: string;
                            status: "open" | "resolved" | "timed_out" | "closed";
                        };
                        message: {
                            author: string;
                            authorId: string | null;
                            /** @description human, agent or system; set server-side */
                            authorKind: string;
                            body: string;
                            createdAt: string;
                            id: string;
                            kind: string;
                            /** @description what this reply did to the question it names */
                            outcome: string | null;
                            /** @description on a question message, the question to name in replyTo */
                            questionId: string | null;
                            /** @description on a question, when a channel key is configured: the signed target a chat bridge hands back with a reply (POST /messages/chat) */
                            replyTarget?: string;
                            replyTo: string | null;
                            thread: string;
                        };
                    };
                };
            };
            /** @description `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_json
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chat_reply_target_invalid`: the reply target does not verify; `chat_reply_unsigned`: a chat reply is refused: no SVC_CHANNEL_SECRET or SVC_SESSION_KEY signs reply targets; `gate_assignee_mismatch`: only the assignee may answer this gate; `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chat_reply_target_invalid
                         * @example chat_reply_unsigned
                         * @example gate_assignee_mismatch
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `record_not_found`: no such record */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example record_not_found
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Prometheus text exposition */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": {
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": {
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    completeModel: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    model?: string;
                    prompt: string;
                    system?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description null when the model matched no price (unpriced, never free) */
                        microDollars: number | null;
                        model: string;
                        provider: string;
                        text: string;
                        /** @description null when the provider reported no usage (unmetered, not free) */
                        usage: {
                            inputTokens: number;
                            outputTokens: number;
                        } | null;
                    };
                };
            };
            /** @description `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_json
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `inference_budget_exceeded`: a hard inference budget has no room for this model call; the provider was not asked */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example inference_budget_exceeded
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `model_unavailable`: the model provider failed or did not answer in time */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example model_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    pingOps: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    note?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveryCount: number;
                        note?: string;
                        roundTripMs: number;
                        /** @description the worker process that handled the command */
                        worker: string;
                    };
                };
            };
            /** @description `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_json
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    getOrg: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description breadth-first from the root */
                        nodes: {
                            active: boolean;
                            /** @description a 20-byte address, 0x-prefixed hex */
                            address: string;
                            children: string[];
                            kind: "HumanRoot" | "ManagerAgent" | "WorkerAgent";
                            parent: string | null;
                            /** @description the seat's role from the off-chain overlay (SVC_ORG `role`), when it has one */
                            roleId?: string;
                        }[];
                        root: string | null;
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chain_read_unimplemented`: this chain read needs contract bindings this build does not have yet */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chain_read_unimplemented
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chain_unavailable`: the chain is configured but does not answer (or its deployment is not there) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chain_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    listPolicies: {
        parameters: {
            query?: {
                asset?: string;
                /** @description a 20-byte address, 0x-prefixed hex */
                node?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        asset: string | null;
                        policies: {
                            /** @description false: the node reads the router's default stack */
                            bound: boolean;
                            modules: {
                                /** @description a 20-byte address, 0x-prefixed hex */
                                address: string;
                                allowedTargets?: string[];
                                /** @description a non-negative integer as a decimal string */
                                cap?: string;
                                endSecondOfDay?: number;
                                kind: "spend_cap" | "whitelist" | "rate_limit" | "time_window" | "custom";
                                maxActions?: number;
                                startSecondOfDay?: number;
                                window?: {
                                    count: number;
                                    /** @description a non-negative integer as a decimal string */
                                    start: string;
                                };
                                windowSeconds?: number;
                            }[];
                            /** @description a 20-byte address, 0x-prefixed hex */
                            node: string;
                            /** @description a 20-byte address, 0x-prefixed hex */
                            stack: string;
                        }[];
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema; `unknown_asset`: no asset of that symbol in this deployment */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         * @example unknown_asset
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chain_read_unimplemented`: this chain read needs contract bindings this build does not have yet */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chain_read_unimplemented
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chain_unavailable`: the chain is configured but does not answer (or its deployment is not there) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chain_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        checks: {
                            bus: {
                                error?: string;
                                ready: boolean;
                            };
                            /** @description a configured chain must have answered once since start (a dev chain still deploying is not ready); a later chain outage shows in /health mode, not here */
                            chain: {
                                configured: boolean;
                                error?: string;
                                ready: boolean;
                            };
                            /** @description the store opens only once its migrations are applied */
                            migrations: {
                                ready: boolean;
                            };
                            store: {
                                error?: string;
                                ready: boolean;
                            };
                        };
                        ready: boolean;
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        checks: {
                            bus: {
                                error?: string;
                                ready: boolean;
                            };
                            /** @description a configured chain must have answered once since start (a dev chain still deploying is not ready); a later chain outage shows in /health mode, not here */
                            chain: {
                                configured: boolean;
                                error?: string;
                                ready: boolean;
                            };
                            /** @description the store opens only once its migrations are applied */
                            migrations: {
                                ready: boolean;
                            };
                            store: {
                                error?: string;
                                ready: boolean;
                            };
                        };
                        ready: boolean;
                    };
                };
            };
        };
    };
    rootChallenge: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    action: "intent:approve" | "intent:deny" | "session:revoke" | "session:rotate";
                    asset?: string;
                    /** @description a positive integer as a decimal string */
                    subject: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        action: string;
                        asset?: string;
                        /** @description a 20-byte address, 0x-prefixed hex */
                        awaitingApprover?: string;
                        challenge?: string;
                        credentialId?: string;
                        expiresAt?: string;
                        kind?: string;
                        multisigNonce?: string;
                        required: boolean;
                        rpId?: string;
                        safeTxHash?: string;
                        statement?: string;
                        subject: string;
                        /** @enum {string} */
                        userVerification?: "required";
                    };
                };
            };
            /** @description `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema; `unknown_asset`: no asset of that symbol in this deployment */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_json
                         * @example invalid_request
                         * @example unknown_asset
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for; `operator_only`: only the operator may do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         * @example operator_only
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `intent_not_found`: no such intent on that asset router; `session_not_found`: no such session key on the registry */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example intent_not_found
                         * @example session_not_found
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `no_chain`: this deployment has no chain; `session_not_live`: the session key is revoked or expired */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example no_chain
                         * @example session_not_live
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `root_auth_config_error`: the configured root cannot verify proofs */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example root_auth_config_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chain_unavailable`: the chain is configured but does not answer (or its deployment is not there) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chain_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    listSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        sessions: {
                            /** @description a 20-byte address, 0x-prefixed hex */
                            agent: string;
                            expiresAt: string;
                            /** @description a 20-byte address, 0x-prefixed hex */
                            key: string;
                            maxValue: string | "unlimited";
                            pins: string[];
                            /** @description the key's own proposals per rolling window; absent when it has none */
                            rateLimit?: {
                                maxActions: number;
                                windowSeconds: number;
                            };
                            revoked: boolean;
                            scopes: string[];
                            /** @description a non-negative integer as a decimal string */
                            sessionId: string;
                            /** @description the key's own UTC window, seconds of the day [start, end); absent when it has none */
                            window?: {
                                end: number;
                                start: number;
                            };
                        }[];
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chain_read_unimplemented`: this chain read needs contract bindings this build does not have yet */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chain_read_unimplemented
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chain_unavailable`: the chain is configured but does not answer (or its deployment is not there) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chain_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    listSessionHistory: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        sessions: {
                            /** @description a 20-byte address, 0x-prefixed hex */
                            agent: string;
                            at: string;
                            authorizedBy?: string;
                            event: "issued" | "revoked" | "rotated";
                            /** @description a non-negative integer as a decimal string */
                            sessionId: string;
                            txHash?: string;
                        }[];
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chain_read_unimplemented`: this chain read needs contract bindings this build does not have yet */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chain_read_unimplemented
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chain_unavailable`: the chain is configured but does not answer (or its deployment is not there) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chain_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    revokeSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the challenge from POST /root-auth/challenge (base64url) */
                    challenge?: string;
                    containment?: boolean;
                    /** @description `{kind: 'passkey', credentialId, authenticatorData, clientDataJSON, signature}` or `{kind: 'wallet', address, signature}` */
                    rootProof?: {
                        [key: string]: unknown;
                    };
                    /** @description a positive integer as a decimal string */
                    sessionId: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description a 20-byte address, 0x-prefixed hex */
                        agent: string;
                        authorizedBy: string;
                        /** @description a 20-byte address, 0x-prefixed hex */
                        key: string;
                        sessionId: string;
                        txHash: string;
                    };
                };
            };
            /** @description `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_json
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for; `operator_only`: only the operator may do this; `root_proof_invalid`: the root proof does not verify (unknown, used or expired challenge, another action or subject, or a bad signature); `root_proof_required`: a fresh root proof is required */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         * @example operator_only
                         * @example root_proof_invalid
                         * @example root_proof_required
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `session_not_found`: no such session key on the registry */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example session_not_found
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `no_chain`: this deployment has no chain; `session_not_live`: the session key is revoked or expired */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example no_chain
                         * @example session_not_live
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `flow_step_failed`: a flow step failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example flow_step_failed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `root_auth_config_error`: the configured root cannot verify proofs */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example root_auth_config_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chain_unavailable`: the chain is configured but does not answer (or its deployment is not there) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chain_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    rotateSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the challenge from POST /root-auth/challenge (base64url) */
                    challenge?: string;
                    containment?: boolean;
                    /** Format: date-time */
                    expiresAt?: string;
                    /** @description a non-negative integer as a decimal string */
                    maxValue?: string;
                    rateLimit?: {
                        maxActions: number;
                        windowSeconds: number;
                    };
                    /** @description `{kind: 'passkey', credentialId, authenticatorData, clientDataJSON, signature}` or `{kind: 'wallet', address, signature}` */
                    rootProof?: {
                        [key: string]: unknown;
                    };
                    scopes?: ("propose:intent" | "spend:whitelist")[];
                    /** @description a positive integer as a decimal string */
                    sessionId: string;
                    targets?: string[];
                    /** @description UTC seconds of the day, [start, end) */
                    window?: {
                        end: number;
                        start: number;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description a 20-byte address, 0x-prefixed hex */
                        agent: string;
                        authorizedBy: string;
                        bounds: {
                            expiresAt: string;
                            /** @description a non-negative integer as a decimal string */
                            maxValue: string;
                            rateLimit?: {
                                maxActions: number;
                                windowSeconds: number;
                            };
                            scopes: ("propose:intent" | "spend:whitelist")[];
                            targets: string[];
                            window?: {
                                end: number;
                                start: number;
                            };
                        };
                        issueTx: string;
                        /** @description a 20-byte address, 0x-prefixed hex */
                        key: string;
                        retired: string;
                        revokeTx: string;
                        sessionId: string;
                    };
                };
            };
            /** @description `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema; `session_bounds_widen`: a rotation may only keep or narrow the retired key's bounds */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_json
                         * @example invalid_request
                         * @example session_bounds_widen
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for; `operator_only`: only the operator may do this; `root_proof_invalid`: the root proof does not verify (unknown, used or expired challenge, another action or subject, or a bad signature); `root_proof_required`: a fresh root proof is required */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         * @example operator_only
                         * @example root_proof_invalid
                         * @example root_proof_required
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `session_not_found`: no such session key on the registry */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example session_not_found
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `no_chain`: this deployment has no chain; `session_not_live`: the session key is revoked or expired */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example no_chain
                         * @example session_not_live
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `flow_step_failed`: a flow step failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example flow_step_failed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `root_auth_config_error`: the configured root cannot verify proofs */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example root_auth_config_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chain_unavailable`: the chain is configured but does not answer (or its deployment is not there) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chain_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    tickAgentLoop: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description a non-negative integer as a decimal string */
                    value?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        asset: string;
                        failed: {
                            /** @description a 20-byte address, 0x-prefixed hex */
                            agent: string;
                            error: string;
                            message: string;
                        }[];
                        proposals: {
                            /** @description a 20-byte address, 0x-prefixed hex */
                            agent: string;
                            /** @description a 20-byte address, 0x-prefixed hex */
                            approver?: string;
                            /** @description a non-negative integer as a decimal string */
                            intentId?: string;
                            reason?: string;
                            /** @description a non-negative integer as a decimal string */
                            sessionId: string;
                            summary: string;
                            /** @description a 20-byte address, 0x-prefixed hex */
                            target: string;
                            txHash?: string;
                            /** @description a non-negative integer as a decimal string */
                            value: string;
                            verdict: "ALLOW" | "ESCALATE" | "DENY";
                        }[];
                        skipped: {
                            /** @description a 20-byte address, 0x-prefixed hex */
                            agent: string;
                            reason: "no_session" | "paused" | "no_target";
                        }[];
                        tickId: string;
                        /** @description a non-negative integer as a decimal string */
                        value: string;
                    };
                };
            };
            /** @description `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_json
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for; `operator_only`: only the operator may do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         * @example operator_only
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `no_chain`: this deployment has no chain */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example no_chain
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `bus_unavailable`: the message bus is unavailable; `chain_unavailable`: the chain is configured but does not answer (or its deployment is not there) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example bus_unavailable
                         * @example chain_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `command_timeout`: no worker answered the command in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example command_timeout
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    getTreasuryBalances: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        balances: {
                            asset: string;
                            /** @description a non-negative integer as a decimal string */
                            balance: string;
                            /** @description a non-negative integer as a decimal string */
                            liquid: string;
                            /** @description a non-negative integer as a decimal string */
                            reserved: string;
                            /** @description a 20-byte address, 0x-prefixed hex */
                            token: string;
                            /** @description a 20-byte address, 0x-prefixed hex */
                            treasury: string;
                        }[];
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chain_read_unimplemented`: this chain read needs contract bindings this build does not have yet */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chain_read_unimplemented
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `chain_unavailable`: the chain is configured but does not answer (or its deployment is not there) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example chain_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    getUsage: {
        parameters: {
            query?: {
                /** @description ISO 8601; default the start of the current UTC month */
                since?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        complete: boolean;
                        counts: {
                            [key: string]: number;
                        };
                        since: string;
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `store_unavailable`: the store is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example store_unavailable
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    getWatchlist: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description rpcUrl masked: userinfo, query values and key-like path segments are *** */
                        watchlist: {
                            chainId: number;
                            /** @description masked in every answer */
                            rpcUrl?: string;
                            tokens: {
                                /** @description a 20-byte address, 0x-prefixed hex */
                                address: string;
                                decimals: number;
                                symbol: string;
                            }[];
                            wallets?: string[];
                        }[];
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    replaceWatchlist: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    chainId: number;
                    /** @description masked in every answer */
                    rpcUrl?: string;
                    tokens: {
                        /** @description a 20-byte address, 0x-prefixed hex */
                        address: string;
                        decimals: number;
                        symbol: string;
                    }[];
                    wallets?: string[];
                }[];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description rpcUrl masked: userinfo, query values and key-like path segments are *** */
                        watchlist: {
                            chainId: number;
                            /** @description masked in every answer */
                            rpcUrl?: string;
                            tokens: {
                                /** @description a 20-byte address, 0x-prefixed hex */
                                address: string;
                                decimals: number;
                                symbol: string;
                            }[];
                            wallets?: string[];
                        }[];
                    };
                };
            };
            /** @description `invalid_json`: the request body is not valid JSON; `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_json
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for; `operator_only`: only the operator may do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         * @example operator_only
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `body_too_large`: the request body is larger than the gateway accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example body_too_large
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `content_type_must_be_json`: a request body must be sent with content-type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example content_type_must_be_json
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    whoAmI: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        authorKind: "human" | "agent";
                        authRequired: boolean;
                        kind: "operator" | "seat";
                        seat: string;
                        workspace?: string;
                    };
                };
            };
            /** @description `invalid_request`: the request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example invalid_request
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `unauthorized`: missing or wrong bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example unauthorized
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `host_not_allowed`: the Host header names a host this API does not answer for */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example host_not_allowed
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `rate_limited`: too many requests in this window; retry after the Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example rate_limited
                         */
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description `internal_error`: internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description one of the listed codes, optionally followed by `:<detail>`
                         * @example internal_error
                         */
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
}
