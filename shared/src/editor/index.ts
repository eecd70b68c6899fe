// Public surface of the editor area (pure provider logic for the VS Code extension).
export {};
