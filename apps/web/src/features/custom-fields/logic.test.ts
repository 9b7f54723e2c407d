import { DEFINITION_MESSAGES, flattenTree, MESSAGES } from '@tms/domain';
import { describe, expect, it } from 'vitest';
import { bodyOfDraft, draftErrors, draftOf } from './logic';

describe('definition drafts', () => {
  it('clears members that do not apply to the type', () => {
    const body = bodyOfDraft({
      code: 'a',
      description: 'A',
      type: 'text',
      multiple: true,
      options: [{ value: 'x', label: 'X' }],
      optionsUrl: '/x',
      children: [{ code: 'c', description: 'C', type: 'text' }],
      emptyText: '',
    });
    expect(body).toMatchObject({
      multiple: false,
      options: [],
      optionsUrl: null,
      children: [],
      emptyText: null,
      additionalOptions: null,
    });
  });

  it('keeps the list of a user-defined-list field and checks like the server', () => {
    const body = bodyOfDraft({
      code: 'w',
      description: 'W',
      type: 'user-defined-list',
      additionalOptions: { list: 3 },
    });
    expect(body.additionalOptions).toEqual({ list: 3, labelFieldCode: null, storeAs: 'identifier' });
    expect(draftErrors(body)).toBeNull();
    expect(
      flattenTree(draftErrors(bodyOfDraft({ code: '', description: 'S', type: 'text' }))!).code,
    ).toContain(MESSAGES.blank);
    expect(flattenTree(draftErrors(bodyOfDraft({ code: 's', description: 'S', type: 'select' }))!)).toEqual({
      options: [DEFINITION_MESSAGES.optionsRequired],
    });
  });

  it('drops server members of a record', () => {
    expect(draftOf({ id: 1, version: 2, createdAt: 'x', updatedAt: 'y', code: 'a', type: 'text' })).toEqual({
      code: 'a',
      type: 'text',
    });
  });
});
