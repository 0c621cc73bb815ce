/**
 * The realtime feature's public face: no other feature needs anything from it. Features write
 * events; the composition root registers the stream's routes (module.ts), which read them.
 */
export {};
