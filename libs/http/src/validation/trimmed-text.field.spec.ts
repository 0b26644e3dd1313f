import { DECORATORS } from '@nestjs/swagger';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { TrimmedTextField } from './trimmed-text.field';
import { toFieldErrors } from './validation.pipe';

class CreateBody {
  @TrimmedTextField('required', { description: 'The name.', maxLength: 5 })
  name!: string;
}

class UpdateBody {
  @TrimmedTextField('requiredWhenPresent', { description: 'The new name.', maxLength: 5 })
  name?: string;
}

async function parsed(type: new () => object, body: object): Promise<{ name: unknown; errors: object }> {
  const instance = plainToInstance(type, body) as { name?: unknown };
  return { name: instance.name, errors: toFieldErrors(await validate(instance, { stopAtFirstError: true })) };
}

const required = { name: ['The name field is required.'] };

describe('TrimmedTextField', () => {
  it('trims the text, then counts its length from both sides of the limit', async () => {
    expect(await parsed(CreateBody, { name: '  abcde  ' })).toEqual({ name: 'abcde', errors: {} });
    expect((await parsed(CreateBody, { name: 'abcdef' })).errors).toEqual({
      name: ['The name field must not be greater than 5 characters.'],
    });
    expect((await parsed(CreateBody, { name: 7 })).errors).toEqual({ name: ['The name field must be a string.'] });
  });

  it('requires a value in a body that creates', async () => {
    for (const body of [{}, { name: null }, { name: '   ' }]) {
      expect((await parsed(CreateBody, body)).errors).toEqual(required);
    }
  });

  it('lets a body that changes leave it out, but not blank it', async () => {
    expect(await parsed(UpdateBody, {})).toEqual({ name: undefined, errors: {} });
    for (const body of [{ name: null }, { name: ' ' }]) {
      expect((await parsed(UpdateBody, body)).errors).toEqual(required);
    }
    expect((await parsed(UpdateBody, { name: 'abcdef' })).errors).toEqual({
      name: ['The name field must not be greater than 5 characters.'],
    });
  });

  it('is described as required only in a body that creates', () => {
    const property = (type: new () => object) =>
      Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES, type.prototype, 'name') as Record<string, unknown>;
    // ApiProperty leaves `required` out, which the OpenAPI document reads as required.
    expect(property(CreateBody)).toMatchObject({ description: 'The name.', maxLength: 5 });
    expect(property(CreateBody).required).not.toBe(false);
    expect(property(UpdateBody)).toMatchObject({ required: false, description: 'The new name.', maxLength: 5 });
  });
});
