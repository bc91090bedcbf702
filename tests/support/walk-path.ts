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

/** A tour's name: its number, its length and where it ends (a failure names the step, below). */
export function describeTour(path: StatePath<Snapshot<unknown>, EventObject>, index: number): string {
  const value = 'value' in path.state ? JSON.stringify(path.state.value) : 'state';
  return `walk ${index + 1}: ${path.steps.length - 1} transitions from the start, ending in ${value}`;
}

export async function walkPath<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject>(
  path: StatePath<TSnapshot, TEvent>,
  { perform, verify }: Walker<TSnapshot, TEvent>,
) {
  for (const [index, step] of path.steps.entries()) {
    try {
      if (step.event.type !== 'xstate.init') await perform(step.event);
      await verify(step.state);
    } catch (error) {
      // A long walk's failure says which step it was, and the way there.
      if (error instanceof Error && path.steps.length > 8) {
        const way = path.steps.slice(1, index + 1).map((taken) => taken.event.type);
        const lastSteps = way.length > 12 ? ['…', ...way.slice(-12)] : way;
        error.message = `at step ${index} of ${path.steps.length - 1} (${lastSteps.join(' → ')}): ${error.message}`;
      }
      throw error;
    }
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

/**
 * Walks that together take every transition of the model once, each from the start: a walk takes a transition not yet
 * taken from where it is, or the shortest way to the nearest state that still has one, and ends after `maxSteps` steps
 * or where none is left within reach. The same coverage as one path per transition (getTransitionPaths), without
 * replaying every transition's way to its source again: a few thousand steps instead of tens of thousands.
 */
export function getTransitionTours<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject, TInput>(
  logic: ActorLogic<TSnapshot, TEvent, TInput>,
  options: TraversalOptions<TSnapshot, TEvent, TInput> & { serializeState: (snapshot: TSnapshot) => string },
  { maxSteps = 150 }: { maxSteps?: number } = {},
): StatePath<TSnapshot, TEvent>[] {
  type Step = StatePath<TSnapshot, TEvent>['steps'][number];
  const key = (snapshot: TSnapshot) => options.serializeState(snapshot);
  const adjacency = getAdjacencyMap(logic, options) as unknown as Record<
    string,
    { state: TSnapshot; transitions: Record<string, { event: TEvent; state: TSnapshot }> }
  >;
  // The map is drawn from the start: its first state is where every tour begins.
  const [startKey, startVertex] = Object.entries(adjacency)[0] ?? [];
  if (startKey === undefined || startVertex === undefined) return [];
  const start: Step = { event: { type: 'xstate.init' } as TEvent, state: startVertex.state };
  const untaken = new Map<string, Set<string>>(
    Object.entries(adjacency).map(([vertex, { transitions }]) => [vertex, new Set(Object.keys(transitions))]),
  );
  const left = () => [...untaken.values()].reduce((sum, events) => sum + events.size, 0);
  const stepOf = (vertex: string, event: string): Step => {
    const { event: taken, state } = adjacency[vertex]!.transitions[event]!;
    return { event: taken, state };
  };
  /** The shortest way (events in order) from a state to the nearest one with a transition not taken yet. */
  const wayOut = (from: string): [string, string][] | undefined => {
    const cameFrom = new Map<string, [string, string] | null>([[from, null]]);
    const queue = [from];
    while (queue.length > 0) {
      const vertex = queue.shift()!;
      if ((untaken.get(vertex)?.size ?? 0) > 0) {
        const way: [string, string][] = [];
        for (let at = cameFrom.get(vertex); at; at = cameFrom.get(at[0])) way.unshift(at);
        return way;
      }
      for (const [event, { state }] of Object.entries(adjacency[vertex]?.transitions ?? {})) {
        const next = key(state);
        if (!cameFrom.has(next)) {
          cameFrom.set(next, [vertex, event]);
          queue.push(next);
        }
      }
    }
    return undefined;
  };
  const tours: StatePath<TSnapshot, TEvent>[] = [];
  while (left() > 0) {
    const steps: Step[] = [start];
    let at = startKey;
    const before = left();
    while (steps.length < maxSteps) {
      const way = wayOut(at);
      if (!way) break;
      for (const [vertex, event] of way) steps.push(stepOf(vertex, event));
      if (way.length > 0) at = key(steps.at(-1)!.state);
      const event = untaken.get(at)!.values().next().value!;
      untaken.get(at)!.delete(event);
      steps.push(stepOf(at, event));
      at = key(steps.at(-1)!.state);
    }
    // A model whose remaining transitions are out of reach from its start has nothing more to walk.
    if (left() === before) break;
    tours.push({ state: steps.at(-1)!.state, steps, weight: steps.length });
  }
  return tours;
}
