// The Stately inspector, attached to every actor in development when VITE_INSPECT=true; compiled out of production builds.
import type { ActorOptions, AnyActorLogic } from 'xstate';

type Inspect = NonNullable<ActorOptions<AnyActorLogic>['inspect']>;

/** Pass as `inspect` in each actor's options; undefined unless inspecting. */
export const inspect: Inspect | undefined =
  // Vite replaces import.meta.env.DEV with false in production, so this whole branch, import included, is dropped.
  import.meta.env.DEV && import.meta.env.VITE_INSPECT === 'true'
    ? (await import('@statelyai/inspect')).createBrowserInspector({ autoStart: true }).inspect
    : undefined;
