export { ShellLayout } from "./shell-layout.tsx";
