import { describe, expect, it } from 'vitest';
import { auditQuerySchema } from './audit';

describe('auditQuerySchema', () => {
  // The fuzz found `actor=a\u0000b` answered 500 on PostgreSQL, which refuses U+0000 in text.
  it('refuses U+0000 in the text filters, as every other lookup does', () => {
    expect(auditQuerySchema.safeParse({ actor: 'a\u0000b' }).success).toBe(false);
    expect(auditQuerySchema.safeParse({ resource_id: 'x\u0000' }).success).toBe(false);
    expect(auditQuerySchema.parse({ actor: 'ana@example.com' })).toMatchObject({ limit: 50 });
  });
});
