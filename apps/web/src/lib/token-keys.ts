// Where the session token is kept (SPEC §3). index.html's preload script reads them too, before any
// module runs (build/preload-landing-screen.ts), so they live apart from the storage code.
export const TOKEN_STORAGE_KEY = "atelier.token";
export const TOKEN_COOKIE_NAME = "atelier_token";
