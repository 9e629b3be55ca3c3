/** Throws while rendering, to demonstrate the fatal error screen (spec §8 "a render crash"). */
export function RenderCrash(): never {
  throw new Error('Deliberate render crash from the component showcase');
}
