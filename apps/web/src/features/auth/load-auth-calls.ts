// The open screens' calls (auth-calls.ts, with the contract and schemas they send through) load
// with the first call made. One loader for every screen's hooks: it sits in the open screens'
// shared chunk (`forms`, build/chunk-groups.ts), so the list of files the calls need ships once, while
// each screen's hooks travel with that screen.
export const loadAuthCalls = () => import("./auth-calls.ts");
