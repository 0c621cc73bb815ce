/**
 * The designs feature's public face: other features import only from here. Designs build on tasks;
 * tasks read their designer files through `taskDesignReader`, which the composition hands them.
 */
export { taskDesignReader } from "./task-reader.ts";
