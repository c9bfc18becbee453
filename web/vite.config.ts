import { defineConfig } from "vite";

// The page is served by `chess3d serve`; in `npm run dev` the API calls
// go to a server on port 8080.
export default defineConfig({
  build: { outDir: "dist", emptyOutDir: true, chunkSizeWarningLimit: 1024 },
  server: {
    proxy: { "/api": { target: "http://127.0.0.1:8080", ws: true } },
  },
});
