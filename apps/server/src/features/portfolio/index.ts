/** The portfolio feature's public face: no other feature needs anything from it yet. */
export {};
