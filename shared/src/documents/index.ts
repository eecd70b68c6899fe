// Public surface of the documents area; filled in as the area grows.
export {};
