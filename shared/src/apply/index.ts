// Public surface of the apply area: planning role files against the engine's state.
export {};
