/** The task-comments feature's public face: no other feature needs anything from it yet. */
export {};
