import { Type } from 'typebox';

/** configs/product.json: the few values that name and place the product itself. */
export const ProductConfig = Type.Object(
  {
    productName: Type.String({ minLength: 1 }),
    internalProductName: Type.String({ minLength: 1, description: 'product name of the internal edition' }),
    connectTitle: Type.String({ minLength: 1 }),
    defaultSubdomain: Type.String({ minLength: 1, description: 'organisation shown on a bare domain' }),
    domains: Type.Array(Type.String({ minLength: 1 }), {
      minItems: 1,
      description: 'base domains: <sub>.<domain> is the apply side, <sub>.hr.<domain> the HR side',
    }),
    supportEmail: Type.String({ minLength: 3 }),
  },
  { additionalProperties: false },
);
export type ProductConfig = Type.Static<typeof ProductConfig>;

export const HostSide = Type.Union([Type.Literal('apply'), Type.Literal('hr')]);
export type HostSide = Type.Static<typeof HostSide>;

/** configs/hosts.json: named hosts that map to a fixed organisation and side. */
export const HostsMap = Type.Record(
  Type.String({ pattern: '^[a-z0-9.-]+$' }),
  Type.Object({ subdomain: Type.String(), side: HostSide }, { additionalProperties: false }),
);
export type HostsMap = Type.Static<typeof HostsMap>;
