/** The time as the app sees it; tests inject a fake one instead of sleeping. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
  }
}
