// Public surface of the credentials area: pure pieces shared by the action and `keyfob creds`.
export {};
