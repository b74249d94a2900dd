// The Emscripten ES module factory (build output in web/lib/wasm/, typed in wasm-module.ts).
declare module '*/privsynth_wasm.mjs' {
  const createPrivsynthModule: (overrides?: Record<string, unknown>) => Promise<unknown>;
  export default createPrivsynthModule;
}
