import type { FastifyRequest } from 'fastify';

/**
 * The addresses a log row keeps of a request: `ip_address`, the client's (request.ip: the address
 * a proxy of TRUSTED_PROXIES forwarded, else the connection's), and `peer_address`, the address
 * the connection itself came from, which no header changes.
 */
export function clientAddress(request: FastifyRequest): { ip_address: string; peer_address: string | null } {
  return { ip_address: request.ip, peer_address: request.socket.remoteAddress ?? null };
}
