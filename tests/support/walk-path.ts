// Replays a path from xstate/graph against the real thing: perform each step's event, then check the state it should reach.
import type { ActorLogic, AnyActorLogic, EventObject, Snapshot } from 'xstate';
import { getAdjacencyMap, getShortestPaths, type StatePath, type TraversalOptions } from 'xstate/graph';

interface Walker<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject> {
  /** Makes the real system experience the event (send it, resolve a promise, let a timer fire…). */
  perform: (event: TEvent) => void | Promise<void>;
  /** Asserts that the real system is in the state the model reached. */
  verify: (modelState: TSnapshot) => void | Promise<void>;
}

export function describePath(path: StatePath<Snapshot<unknown>, EventObject>): string {
  const value = 'value' in path.state ? JSON.stringify(path.state.value) : 'state';
  const events = path.steps.map((step) => step.event.type).filter((type) => type !== 'xstate.init');
  return `reaches ${value}${events.length ? ` via ${events.join(' → ')}` : ' at start'}`;
}

export async function walkPath<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject>(
  path: StatePath<TSnapshot, TEvent>,
  { perform, verify }: Walker<TSnapshot, TEvent>,
) {
  for (const step of path.steps) {
    if (step.event.type !== 'xstate.init') await perform(step.event);
    await verify(step.state);
  }
}

/**
 * One path per transition of the model: the shortest way to its source state, then that transition.
 * Simple paths alone stop at a state's first visit and would never take, say, filled → empty.
 */
export function getTransitionPaths<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject, TInput>(
  logic: ActorLogic<TSnapshot, TEvent, TInput>,
  options: TraversalOptions<TSnapshot, TEvent, TInput> & { serializeState: (snapshot: TSnapshot) => string },
): StatePath<TSnapshot, TEvent>[] {
  const shortest = new Map(
    getShortestPaths(logic as AnyActorLogic, options as never).map((path) => [
      options.serializeState(path.state as TSnapshot),
      path,
    ]),
  );
  const paths: StatePath<TSnapshot, TEvent>[] = [];
  for (const [key, vertex] of Object.entries(getAdjacencyMap(logic, options))) {
    const prefix = shortest.get(key);
    if (!prefix) continue;
    const transitions: { event: TEvent; state: TSnapshot }[] = Object.values(vertex.transitions);
    for (const { event, state } of transitions) {
      paths.push({
        state,
        steps: [...(prefix.steps as StatePath<TSnapshot, TEvent>['steps']), { event, state }],
        weight: prefix.weight + 1,
      });
    }
  }
  return paths;
}
