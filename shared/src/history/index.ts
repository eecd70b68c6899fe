// Public surface of the history area; filled in as the area grows.
export {};
