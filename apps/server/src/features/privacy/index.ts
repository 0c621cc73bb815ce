/**
 * The privacy feature's public face: no other feature needs anything from it. It reads every
 * feature's personal data through `ctx.personalData`, which the composition root fills.
 */
export {};
