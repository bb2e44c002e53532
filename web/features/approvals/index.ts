// Admin screens only: the maker-checker queue (approvals/admin), lazy in the admin portal (web/app/admin).
export {};
