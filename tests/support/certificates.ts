/** The arguments of `openssl req` that write a new RSA key (PEM, unencrypted) and a certificate for it, valid for one day. */
function certificateRequestArgs(keyFile: string, certFile: string, commonName: string): string[] {
  return [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    `/CN=${commonName}`,
    '-keyout',
    keyFile,
    '-out',
    certFile,
  ];
}

/**
 * The arguments of `openssl` that write a self-signed certificate, valid for one day, and its RSA key (PEM,
 * unencrypted): what the test servers that speak TLS present.
 */
export function selfSignedCertificateArgs(options: {
  keyFile: string;
  certFile: string;
  commonName: string;
  /** subjectAltName entries (`DNS:*.vigil.example`). */
  altNames?: string[];
}): string[] {
  const {keyFile, certFile, commonName, altNames = []} = options;
  return [
    ...certificateRequestArgs(keyFile, certFile, commonName),
    ...(altNames.length > 0 ? ['-addext', `subjectAltName=${altNames.join(',')}`] : []),
  ];
}

/**
 * The arguments of `openssl` that write a certificate authority: its self-signed certificate (`CA:TRUE`) and RSA key,
 * valid for one day. A client trusts the servers whose certificates it signed (`signedCertificateArgs`) when given
 * `certFile` as its CA file.
 */
export function certificateAuthorityArgs(options: {keyFile: string; certFile: string; commonName: string}): string[] {
  const {keyFile, certFile, commonName} = options;
  return [
    ...certificateRequestArgs(keyFile, certFile, commonName),
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ];
}

/**
 * The arguments of `openssl` (3.0 or later: `req -CA`) that write a server certificate for `altNames`
 * (`DNS:localhost`, `IP:127.0.0.1`) and its RSA key, signed by the certificate authority of `certificateAuthorityArgs`,
 * valid for one day. `CA:FALSE` replaces the `CA:TRUE` that `openssl req -x509` adds by default.
 */
export function signedCertificateArgs(options: {
  keyFile: string;
  certFile: string;
  commonName: string;
  altNames: string[];
  authority: {keyFile: string; certFile: string};
}): string[] {
  const {keyFile, certFile, commonName, altNames, authority} = options;
  return [
    ...certificateRequestArgs(keyFile, certFile, commonName),
    '-CA',
    authority.certFile,
    '-CAkey',
    authority.keyFile,
    '-addext',
    'basicConstraints=critical,CA:FALSE',
    '-addext',
    `subjectAltName=${altNames.join(',')}`,
  ];
}
