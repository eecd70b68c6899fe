// Public surface of the lint area; filled in as the area grows.
export {};
