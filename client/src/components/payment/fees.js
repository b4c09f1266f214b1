/* Amounts the client shows before the server has answered (PaymentPanel re-exports them): a module of their own so a
 * screen can show the fee without downloading the panel (issue 27). */
export const ADMISSION_FEE_KZT = 10000; // req §9 (the server's amount wins once it answers)
