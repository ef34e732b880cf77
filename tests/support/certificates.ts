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
    ...(altNames.length > 0 ? ['-addext', `subjectAltName=${altNames.join(',')}`] : []),
  ];
}
