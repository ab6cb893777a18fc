/** Every spelling of an address lands in the class of the address it reaches. */
import t from 'tap';
import { classifyAddress } from '../../../actors/mcp-dispatch/ip.js';

t.test('IPv6 forms that embed or tunnel to a private IPv4 address are not public', async (t) => {
  const refused: [string, string][] = [
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:a00:1', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:0:a00:1', 'private'],
    ['::ffff:0:10.0.0.1', 'private'],
    ['0:0:0:0:ffff:0:a9fe:a9fe', 'link-local'],
    ['::ffff:0:7f00:1', 'reserved'],
    ['::10.0.0.1', 'private'],
    ['::127.0.0.1', 'reserved'],
    ['64:ff9b::a00:1', 'private'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['64:ff9b::7f00:1', 'reserved'],
    ['64:ff9b:1::a00:1', 'private'],
    ['64:ff9b:1:a00:1::', 'private'],
    ['64:ff9b:1:5db8:d822::', 'private'],
    ['2001::1', 'reserved'],
    ['2001:0:4136:e378:8000:63bf:f5ff:fffe', 'reserved'],
    ['2001:0:a00:1::', 'reserved'],
    ['2002:a00:1::', 'private'],
    ['2002:a00:1::1', 'private'],
    ['2002:c0a8:101::', 'private'],
    ['2002:a9fe:a9fe::1', 'link-local'],
    ['2002:7f00:1::', 'reserved'],
    ['100::1', 'reserved'],
    ['fd00::1', 'private'],
    ['fe80::1', 'link-local'],
    ['[fe80::1%25eth0]', 'link-local'],
    ['::', 'unspecified'],
    ['ff02::1', 'multicast'],
  ];
  for (const [addr, cls] of refused) t.equal(classifyAddress(addr), cls, addr);
});

t.test('public and loopback stay what they are', async (t) => {
  t.equal(classifyAddress('::1'), 'loopback');
  t.equal(classifyAddress('::ffff:127.0.0.1'), 'loopback', 'mapped loopback is this host');
  t.equal(classifyAddress('2606:4700::1111'), 'public');
  t.equal(classifyAddress('64:ff9b::5db8:d822'), 'public', 'NAT64 of a public address');
  t.equal(classifyAddress('2002:5db8:d822::'), 'public', '6to4 of a public address');
  t.equal(classifyAddress('2001:4860::8888'), 'public', 'outside the Teredo /32');
  t.equal(classifyAddress('mcp.example.com'), undefined, 'a name is not an address');
});

t.test('IPv4 spellings', async (t) => {
  for (const a of ['10.0.0.1', '10.0.0.1.', '0x0a.0.0.1', '0x0a000001', '167772161', '012.0.0.1', '10.1'])
    t.equal(classifyAddress(a), 'private', a);
  t.equal(classifyAddress('169.254.169.254'), 'link-local');
  t.equal(classifyAddress('127.1'), 'loopback');
  t.equal(classifyAddress('93.184.216.34'), 'public');
});
