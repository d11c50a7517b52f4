/** The seeded demo password (README, "Demo accounts"). */
export const DEMO_PASSWORD = 'Demo!2026pass';
