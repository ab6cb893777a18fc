/** The shell: sign-in until a token (or an open API) names a caller, then the navigation and the page the hash names. */
import { useEffect, useState } from 'preact/hooks';
import { whenUnauthorized, whoIs } from './api.js';
import { keepToken, readToken } from './session.js';
import { closeStream, onStreamState, openStream, streamUp } from './live.js';
import { useRoute } from './router.js';
import { isOperator, WhoContext, type Who } from './who.js';
import { SignIn } from './pages/signin.js';
import { RunsPage } from './pages/runs.js';
import { GatesPage } from './pages/gates.js';
import { TriggersPage } from './pages/triggers.js';
import { DeadLettersPage } from './pages/dlq.js';
import { EventsPage } from './pages/events.js';
import { HeartbeatsPage } from './pages/heartbeats.js';
import { McpPage } from './pages/mcp.js';
import { lazyPage } from './lazy.js';
import { useChainBound } from './chain-bound.js';

const RunPage = lazyPage(() => import('./pages/run.js').then((m) => m.RunPage));
const BuilderPage = lazyPage(() => import('./pages/builder.js').then((m) => m.BuilderPage));
const ChainPage = lazyPage(() => import('./pages/chain.js').then((m) => m.ChainPage));

const NAV: { path: string; label: string; operator?: boolean; chain?: boolean }[] = [
  { path: 'runs', label: 'Runs' },
  { path: 'gates', label: 'Gates' },
  { path: 'builder', label: 'Builder' },
  { path: 'triggers', label: 'Triggers' },
  { path: 'heartbeats', label: 'Heartbeats' },
  { path: 'mcp', label: 'MCP' },
  { path: 'dlq', label: 'Dead letters', operator: true },
  { path: 'events', label: 'Events', operator: true },
  { path: 'chain', label: 'Chain', operator: true, chain: true },
];

export function App() {
  const [who, setWho] = useState<Who | undefined>();
  const [checking, setChecking] = useState(true);
  const [live, setLive] = useState(streamUp());
  const route = useRoute();
  const chain = useChainBound();

  const signOut = (): void => {
    keepToken(undefined);
    closeStream();
    setWho(undefined);
  };

  useEffect(() => {
    whenUnauthorized(signOut);
    const off = onStreamState(setLive);
    // A kept token (this tab) or an open API signs in by itself.
    whoIs(readToken())
      .then(setWho)
      .catch(() => keepToken(undefined))
      .finally(() => setChecking(false));
    return off;
  }, []);

  useEffect(() => {
    if (who && isOperator(who)) openStream();
    return closeStream;
  }, [who]);

  if (checking) return <p class="boot">Loading…</p>;
  if (!who) return <SignIn onSignedIn={setWho} />;

  const [page = 'runs', arg] = route.path;
  return (
    <WhoContext.Provider value={who}>
      <a class="skip" href="#main" onClick={(e) => (e.preventDefault(), document.getElementById('main')?.focus())}>
        Skip to content
      </a>
      <header class="top">
        <strong class="brand">svc</strong>
        <nav aria-label="Sections">
          <ul>
            {NAV.filter((n) => (!n.operator || isOperator(who)) && (!n.chain || chain)).map((n) => (
              <li key={n.path}>
                <a href={`#/${n.path}`} aria-current={page === n.path || (page === 'run' && n.path === 'runs') ? 'page' : undefined}>
                  {n.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <span class="who" data-testid="who">
          {who.kind === 'operator' ? 'operator' : `${who.seat} (${who.authorKind})`}
          {!who.authRequired && ' · open API'}
          {isOperator(who) && (
            <span class={live ? 'dot up' : 'dot'} role="img" title={live ? 'live' : 'polling'} aria-label={live ? 'live' : 'polling'} />
          )}
        </span>
        {who.authRequired && (
          <button type="button" onClick={signOut}>
            Sign out
          </button>
        )}
      </header>
      <main id="main" tabIndex={-1}>
        {page === 'runs' && <RunsPage query={route.query} />}
        {page === 'run' && arg && <RunPage runId={arg} />}
        {page === 'gates' && <GatesPage />}
        {page === 'builder' && <BuilderPage flowId={arg} template={route.query.get('template') ?? undefined} />}
        {page === 'triggers' && <TriggersPage />}
        {page === 'dlq' && <DeadLettersPage />}
        {page === 'events' && <EventsPage />}
        {page === 'heartbeats' && <HeartbeatsPage />}
        {page === 'mcp' && <McpPage />}
        {page === 'chain' && chain && <ChainPage />}
      </main>
    </WhoContext.Provider>
  );
}
