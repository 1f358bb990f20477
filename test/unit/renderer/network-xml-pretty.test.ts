import { describe, expect, it } from 'vitest';
import { prettyXml, tokenizeXml } from '../../../src-renderer/features/network/model/xml-pretty';

describe('prettyXml', () => {
  it('indents nested elements and keeps text-only elements on one line', () => {
    const xml = '<?xml version="1.0"?><a><b x="1"><c>text</c><d/></b><e></e></a>';
    expect(prettyXml(xml)).toBe(
      [
        '<?xml version="1.0"?>',
        '<a>',
        '  <b x="1">',
        '    <c>text</c>',
        '    <d/>',
        '  </b>',
        '  <e></e>',
        '</a>',
      ].join('\n'),
    );
  });

  it("keeps an attribute holding '>' or '/>' inside its tag", () => {
    const xml = `<a title="x > y" q='/>'><b k="<>">v</b></a>`;
    expect(prettyXml(xml)).toBe([`<a title="x > y" q='/>'>`, `  <b k="<>">v</b>`, '</a>'].join('\n'));
  });

  it('never looks inside CDATA or comments', () => {
    const xml = '<a><![CDATA[<b>not a tag</b> ]]> ]]><!-- <c> --><d><![CDATA[x<y]]></d></a>';
    expect(prettyXml(xml)).toBe(
      [
        '<a>',
        '  <![CDATA[<b>not a tag</b> ]]>',
        '  ]]>',
        '  <!-- <c> -->',
        '  <d><![CDATA[x<y]]></d>',
        '</a>',
      ].join('\n'),
    );
  });

  it('keeps the text of a text-only element exactly, spaces included', () => {
    expect(prettyXml('<t>  two  spaces &amp; more </t>')).toBe('<t>  two  spaces &amp; more </t>');
  });

  it('replaces the layout whitespace of an already indented document', () => {
    expect(prettyXml('<a>\n    <b>1</b>\n\t<c/>\n</a>')).toBe('<a>\n  <b>1</b>\n  <c/>\n</a>');
  });

  it('shows a document cut short, and stray closing tags, without failing', () => {
    expect(prettyXml('<a><b>1</b><c attr="unterminated')).toBe('<a>\n  <b>1</b>\n  <c attr="unterminated');
    expect(prettyXml('</x></y><z/>')).toBe('</x>\n</y>\n<z/>');
    expect(prettyXml('<a><![CDATA[cut')).toBe('<a>\n  <![CDATA[cut');
    expect(prettyXml('not xml at all')).toBe('not xml at all');
    expect(prettyXml('')).toBe('');
  });

  it('loses no character but layout whitespace', () => {
    const xml =
      '<s:Envelope xmlns:s="u"><s:Body><R a="1 > 0"><![CDATA[ <x> ]]><i>한글</i></R></s:Body></s:Envelope>';
    expect(prettyXml(xml).replace(/\n\s*/g, '')).toBe(xml);
    expect(
      tokenizeXml(xml)
        .map((t) => t.text)
        .join(''),
    ).toBe(xml);
  });
});
