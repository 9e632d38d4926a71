import http from 'node:http';
import { cooperateApply } from '@portal/contracts';

/**
 * An anonymous call to a listening test server whose body is still arriving: in flight (the
 * server has run its onRequest hooks) until `release` cuts it off.
 */
export function callStillSending(port: number): Promise<{ release: () => Promise<void> }> {
  return new Promise((resolve) => {
    const request = http.request({
      port,
      method: 'POST',
      path: `/services/${cooperateApply.service}${cooperateApply.path}`,
      headers: { 'Content-Type': 'application/json', 'Content-Length': '10000' },
    });
    request.on('error', () => undefined);
    request.write('{"Company":');
    const release = () =>
      new Promise<void>((closed) => {
        request.once('close', () => closed());
        request.destroy();
      });
    // The server has read the head (onRequest ran) once it has had a moment.
    setTimeout(() => resolve({ release }), 200);
  });
}
