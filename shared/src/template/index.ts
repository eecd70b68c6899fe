// Public surface of the template area; filled in as the area grows.
export {};
