import { createBrowserRouter, RouterProvider } from "react-router";
import { routes } from "./routes.tsx";

const router = createBrowserRouter(routes, { basename: "/app" });

export function AppRouter() {
  return <RouterProvider router={router} />;
}
