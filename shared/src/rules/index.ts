// Public surface of the rules area; filled in as the area grows.
export {};
