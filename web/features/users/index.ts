// Admin screens only: member records and the activity log (users/admin), lazy in the admin portal (web/app/admin).
export {};
