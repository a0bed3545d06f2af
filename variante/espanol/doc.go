// Package espanol ofrece la variante española por omisión del juego, lista
// para usar y sin archivos externos: su léxico de 636.598 palabras viaja
// embebido en el paquete, ya minimizado (un trie.DAWG codificado de 417 KB),
// así que cargarlo no lee texto. El trie.GADDAG de cada léxico (4,3 MB
// codificado) viaja embebido en el paquete generador, que lo lee la
// primera vez que se pide (generador.GADDAGDe): un generador de jugadas de
// estas variantes está listo en milisegundos en lugar de construirlo
// durante un segundo, y un programa que solo consulta palabras no lo
// enlaza. Se usa así (ver ExampleVariante):
//
//	v := espanol.Variante()
//	p, _ := v.Alfabeto().Parsear("ñandú")
//	fmt.Println(v.PalabraLegitima(p)) // true
//
// Ninguna palabra del léxico tiene K ni W. Por eso la bolsa de [Variante]
// tiene 98 fichas y no 100: las del juego español sin la K ni la W, que
// nadie podría jugar y quedarían para siempre en una mano (R14); sus
// cantidades no pasan a otras letras, la bolsa se achica. La variante
// clásica ([Clasica]) usa el alfabeto de la FISE, que no tiene K ni W, con
// su bolsa de 98 fichas de letras más 2 comodines.
//
// El léxico es la lista es.txt de Zeke Sikelianos (2016), con licencia MIT;
// el texto de la licencia está en lexico.LICENSE, junto a lexico.dawg. Los
// archivos se regeneran con go generate a partir de es.txt.gz (y los
// GADDAG, después, con go generate en generador/internal/gaddags), y unas
// pruebas verifican que coincidan byte a byte con lo que el generador
// produce. Las reglas citadas (R13, R14) son las de docs/reglas.md.
package espanol
