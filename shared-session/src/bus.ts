import { BehaviorSubject, Subject } from 'rxjs';
import type {
  EntityChangedEvent,
  ParsedPrivileges,
  ReadConstants,
  SignedInUser,
} from '@carelane/shared-domain';

/** The signed-in user as every area sees it (ARCHITECTURE.md §3: identity and privileges on the bus). */
export type Session = {
  user: SignedInUser;
  /** The session's bearer token; '' when this tab holds only the HttpOnly session cookie (a tab opened later). */
  token: string;
  /** The user's effective privileges, parsed (SPEC §6). */
  privileges: ParsedPrivileges;
  /** The server's constants, typed, with their defaults (SPEC §9). */
  constants: ReadConstants;
  /** Inactivity after which the session ends: the organization's value, else the constant. */
  idleTimeoutMs: number;
  /** True when the `header.noIdleTimer` privilege or the `noIdleTimer` constant turns the idle timeout off. */
  noIdleTimer: boolean;
  /** When this session was signed in or restored (ms since the epoch). */
  startedAt: number;
};

export type SessionExpiredReason = 'expired' | 'idle' | 'revoked';

export type SessionExpiredEvent = {
  reason: SessionExpiredReason;
  /** The text to show on the login page. */
  message: string;
  /** The in-app path (with query string) to go back to after signing in again. */
  returnTo: string;
};

/**
 * The event stream (`/api/events`) as this tab holds it: `closed` while signed out (or not started), `connecting`
 * on the first try, `open` while it delivers, `down` after it failed or ended until it is open again.
 */
export type EventStreamState = 'closed' | 'connecting' | 'open' | 'down';

/** A page of the product as the shell deployed it (remotes.json and its own), for pages that list other pages. */
export type SiteRoute = {
  path: string;
  title: string;
  /** Privilege page keys (SPEC §6): holding any one opens it; empty, any signed-in user. */
  pages: readonly string[];
  /** Its area's title ("Reports", "Billing"), or "Carelane" for the shell's own pages. */
  areaTitle: string;
  /** Whether its page is built (an area's route without one shows "not built yet"). */
  built: boolean;
  public: boolean;
};

/** The one bus of a page. Streams, not a store: subscribe to follow, call the helpers to publish. */
export type Bus = {
  /** Late subscribers get the current session (or null) at once. */
  readonly session$: BehaviorSubject<Session | null>;
  /** Success texts for the shell's toasts. */
  readonly toast$: Subject<string>;
  /** Error texts for the shell's error toasts. */
  readonly errorToast$: Subject<string>;
  /** In-app paths the shell should navigate to. */
  readonly navigate$: Subject<string>;
  /** What the server says changed (from /api/events). */
  readonly entityChanged$: Subject<EntityChangedEvent>;
  /** The session ended under the user (401, idle, revoked): the shell goes back to login. */
  readonly sessionExpired$: Subject<SessionExpiredEvent>;
  /** Whether live updates arrive (connectEvents keeps it); pages that rely on them warn while `down`. */
  readonly eventStream$: BehaviorSubject<EventStreamState>;
  /** Every page the shell serves, published once it has read the deployment (empty until then). */
  readonly routes$: BehaviorSubject<readonly SiteRoute[]>;
};

export const BUS_KEY = Symbol.for('carelane.bus');

function createBus(): Bus {
  return Object.freeze({
    session$: new BehaviorSubject<Session | null>(null),
    toast$: new Subject<string>(),
    errorToast$: new Subject<string>(),
    navigate$: new Subject<string>(),
    entityChanged$: new Subject<EntityChangedEvent>(),
    sessionExpired$: new Subject<SessionExpiredEvent>(),
    eventStream$: new BehaviorSubject<EventStreamState>('closed'),
    routes$: new BehaviorSubject<readonly SiteRoute[]>([]),
  });
}

/**
 * The page's one bus. It lives under `Symbol.for('carelane.bus')` on globalThis, so a second copy of
 * this module (a remote that bundled its own) still gets the same instance.
 */
export function getBus(): Bus {
  const holder = globalThis as unknown as Record<symbol, Bus | undefined>;
  let bus = holder[BUS_KEY];
  if (!bus) {
    bus = createBus();
    Object.defineProperty(holder, BUS_KEY, { value: bus, writable: false, configurable: false });
  }
  return bus;
}

/** The current session, or null when no one is signed in. */
export function getSession(): Session | null {
  return getBus().session$.getValue();
}

export function publishToast(text: string): void {
  getBus().toast$.next(text);
}

export function publishErrorToast(text: string): void {
  getBus().errorToast$.next(text);
}

export function navigateTo(path: string): void {
  getBus().navigate$.next(path);
}

/** The in-app address being shown (path, query string and hash), for `returnTo`. */
export function currentPath(): string {
  const location = globalThis.location as Location | undefined;
  return location ? `${location.pathname}${location.search}${location.hash}` : '/';
}
