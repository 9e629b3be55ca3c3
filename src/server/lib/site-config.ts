import { readFileSync } from 'node:fs';
import path from 'node:path';
import { HostsMap, ProductConfig } from '#schemas/product';
import { CONFIG_DIR } from '../paths';
import { validateConfig } from './json-validator';

export interface SiteConfig {
  product: ProductConfig;
  hosts: HostsMap;
}

/** configs/product.json and configs/hosts.json, validated; read once at start. */
export function loadSiteConfig(configDir: string = CONFIG_DIR): SiteConfig {
  const read = (name: string): unknown => JSON.parse(readFileSync(path.join(configDir, name), 'utf8'));
  return {
    product: validateConfig<ProductConfig>(ProductConfig, read('product.json'), 'configs/product.json'),
    hosts: validateConfig<HostsMap>(HostsMap, read('hosts.json'), 'configs/hosts.json'),
  };
}
