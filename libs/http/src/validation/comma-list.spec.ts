import { DECORATORS } from '@nestjs/swagger';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { CommaListFilter, commaListOf, listItems } from './comma-list';
import { toFieldErrors } from './validation.pipe';

const STATUSES = ['sent', 'viewed', 'attested'];

class StatusQuery {
  @CommaListFilter(STATUSES, { description: 'Statuses, comma-separated.', example: 'sent,viewed' })
  status?: string | null;
}

async function parsed(query: object): Promise<{ status: unknown; errors: Record<string, string[]> }> {
  const instance = plainToInstance(StatusQuery, query);
  return { status: instance.status, errors: toFieldErrors(await validate(instance, { stopAtFirstError: true })) };
}

describe('listItems', () => {
  it('splits at commas and trims each item, keeping empty ones', () => {
    expect(listItems(' sent , viewed,attested ')).toEqual(['sent', 'viewed', 'attested']);
    expect(listItems('sent,,viewed')).toEqual(['sent', '', 'viewed']);
    expect(listItems('sent')).toEqual(['sent']);
  });
});

describe('commaListOf', () => {
  const rule = commaListOf(STATUSES);

  it('holds when every item is allowed, exactly', () => {
    expect(rule.test('sent')).toBe(true);
    expect(rule.test('sent, viewed ,attested')).toBe(true);
  });

  it('fails for an item not allowed, an empty item, another case or another type', () => {
    for (const value of ['sent,opened', 'sent,', ',sent', 'Sent', '', ['sent'], 1, null]) {
      expect(rule.test(value)).toBe(false);
    }
    expect(rule.message('status')).toBe('The selected status is invalid.');
  });
});

describe('CommaListFilter', () => {
  it('is no filter when absent or blank', async () => {
    expect(await parsed({})).toEqual({ status: undefined, errors: {} });
    expect(await parsed({ status: '  ' })).toEqual({ status: null, errors: {} });
  });

  it('keeps a valid list trimmed, and refuses an unknown item in Laravel’s words', async () => {
    expect(await parsed({ status: ' sent,viewed ' })).toEqual({ status: 'sent,viewed', errors: {} });
    expect((await parsed({ status: 'sent,lost' })).errors).toEqual({ status: ['The selected status is invalid.'] });
    expect((await parsed({ status: ['sent'] })).errors).toEqual({ status: ['The status field must be a string.'] });
  });

  it('is described in the API description as an optional string with its words and example', () => {
    expect(Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES, StatusQuery.prototype, 'status')).toMatchObject({
      type: String,
      required: false,
      description: 'Statuses, comma-separated.',
      example: 'sent,viewed',
    });
  });
});
