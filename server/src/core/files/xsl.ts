/** A stylesheet that shows sitemap files as a table when a person opens them in a browser. */
export const SITEMAP_XSL = `<?xml version="1.0" encoding="UTF-8"?>
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
  xmlns:s="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml"
  xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" exclude-result-prefixes="s xhtml image">
  <xsl:output method="html" encoding="UTF-8" indent="yes"/>
  <xsl:template match="/">
    <html lang="en">
      <head>
        <meta charset="utf-8"/>
        <title>XML Sitemap</title>
        <style>
          body { font: 14px/1.5 system-ui, sans-serif; margin: 2rem; color: #212134; }
          table { border-collapse: collapse; width: 100%; }
          th, td { text-align: left; padding: .35rem .6rem; border-bottom: 1px solid #dcdce4; vertical-align: top; }
          th { background: #f6f6f9; }
          a { color: #4945ff; }
        </style>
      </head>
      <body>
        <xsl:choose>
          <xsl:when test="s:sitemapindex">
            <h1>Sitemap index</h1>
            <p>This index lists <xsl:value-of select="count(s:sitemapindex/s:sitemap)"/> sitemap files. It is meant for search engines.</p>
            <table>
              <tr><th>Sitemap</th><th>Last modified</th></tr>
              <xsl:for-each select="s:sitemapindex/s:sitemap">
                <tr><td><a href="{s:loc}"><xsl:value-of select="s:loc"/></a></td><td><xsl:value-of select="s:lastmod"/></td></tr>
              </xsl:for-each>
            </table>
          </xsl:when>
          <xsl:otherwise>
            <h1>Sitemap</h1>
            <p>This sitemap lists <xsl:value-of select="count(s:urlset/s:url)"/> URLs. It is meant for search engines.</p>
            <table>
              <tr><th>URL</th><th>Last modified</th><th>Change frequency</th><th>Priority</th><th>Translations</th><th>Images</th></tr>
              <xsl:for-each select="s:urlset/s:url">
                <tr>
                  <td><a href="{s:loc}"><xsl:value-of select="s:loc"/></a></td>
                  <td><xsl:value-of select="s:lastmod"/></td>
                  <td><xsl:value-of select="s:changefreq"/></td>
                  <td><xsl:value-of select="s:priority"/></td>
                  <td><xsl:for-each select="xhtml:link"><xsl:value-of select="@hreflang"/><xsl:text> </xsl:text></xsl:for-each></td>
                  <td><xsl:if test="image:image"><xsl:value-of select="count(image:image)"/></xsl:if></td>
                </tr>
              </xsl:for-each>
            </table>
          </xsl:otherwise>
        </xsl:choose>
      </body>
    </html>
  </xsl:template>
</xsl:stylesheet>
`;
