import type { FastifyRequest } from 'fastify';

/** Secrets and identity numbers never reach the log. */
export const logRedaction = {
  paths: [
    'req.headers.authorization',
    'req.headers.cookie',
    'res.headers["set-cookie"]',
    '*.password',
    '*.newPassword',
    '*.currentPassword',
    '*.token',
    '*.code',
    '*.accessToken',
    '*.panNumber',
    '*.aadhaarNumber',
    '*.bankAccountNumber',
    '*.txnPin',
    '*.documentData',
    // Encrypted at rest (ADR 0011), so never logged in the clear either.
    '*.cryptoWalletAddress',
    '*.usdtWalletAddress',
    '*.accountNumber',
    '*.bankDetails',
    '*.documentNumber',
    '*.panHash',
  ],
  censor: '[redacted]',
};

const SECRET_QUERY = /([?&](?:token|ref|code|impersonationCode)=)[^&]*/gi;

export function serializeRequest(req: FastifyRequest) {
  return { method: req.method, url: req.url.replace(SECRET_QUERY, '$1[redacted]'), remoteAddress: req.ip };
}
