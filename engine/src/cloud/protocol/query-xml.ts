import { XMLBuilder } from 'fast-xml-parser';

// fast-xml-parser's builder (already in the AWS SDK's own dependency tree, where it parses these
// very responses) escapes text and attribute values; we never concatenate XML by hand.
const builder = new XMLBuilder({ ignoreAttributes: false, suppressEmptyNode: false, format: false });

/** The XML namespaces of the two Query services. */
const NAMESPACES = {
  iam: 'https://iam.amazonaws.com/doc/2010-05-08/',
  sts: 'https://sts.amazonaws.com/doc/2011-06-15/',
} as const;

/** Which Query service a request is for. */
export type QueryService = keyof typeof NAMESPACES;

/** An XML element tree for the builder: strings, numbers, booleans, nested objects, `member` arrays. */
export type XmlValue = string | number | boolean | XmlTree | XmlValue[];
/** A mapping of element names to values. */
export interface XmlTree {
  readonly [name: string]: XmlValue | undefined;
}

/** A list as the Query protocol writes it: `<Name><member>...</member>...</Name>`. */
export function members(items: readonly XmlValue[]): XmlTree {
  return { member: [...items] };
}

/**
 * The success envelope: `<OpResponse xmlns><OpResult>...</OpResult><ResponseMetadata>`. The result
 * element is always there (awscli 2.9 fails on a list response without it); operations without
 * output pass `undefined` and get none, as the provider sends none.
 */
export function successXml(
  service: QueryService,
  operation: string,
  result: XmlTree | undefined,
  requestId: string,
): string {
  return builder.build({
    [`${operation}Response`]: {
      '@_xmlns': NAMESPACES[service],
      ...(result !== undefined ? { [`${operation}Result`]: result } : {}),
      ResponseMetadata: { RequestId: requestId },
    },
  });
}

/** The error envelope both the SDK and the CLI parse; `Sender` for 4xx, `Receiver` for 5xx. */
export function errorXml(
  service: QueryService,
  status: number,
  code: string,
  message: string,
  requestId: string,
): string {
  return builder.build({
    ErrorResponse: {
      '@_xmlns': NAMESPACES[service],
      Error: { Type: status >= 500 ? 'Receiver' : 'Sender', Code: code, Message: message },
      RequestId: requestId,
    },
  });
}
