// Public surface of the client area; filled in as the area grows.
export {};
