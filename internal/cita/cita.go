// Package cita corta el texto que citan los mensajes de error de los
// lectores: a lo sumo [Max] runas, con "…" si se cortó, en UTF-8 válido.
// Así un error nunca repite una entrada entera, por grande que sea.
package cita

import (
	"strings"
	"unicode/utf8"
)

// Max es la cantidad máxima de runas que cita un error.
const Max = 32

// Desde devuelve el trozo de s que empieza en el byte pos (o en la primera
// runa que empieza después, si pos cae dentro de una), de a lo sumo Max
// runas, con "…" al final si s sigue. Los bytes que no son UTF-8 válido se
// escriben como U+FFFD.
func Desde(s string, pos int) string {
	pos = min(max(pos, 0), len(s))
	for pos < len(s) && !utf8.RuneStart(s[pos]) {
		pos++
	}
	s = s[pos:]
	corte, runas := 0, 0
	for corte < len(s) && runas < Max {
		_, n := utf8.DecodeRuneInString(s[corte:])
		corte += n
		runas++
	}
	trozo := strings.Clone(strings.ToValidUTF8(s[:corte], "\uFFFD"))
	if corte < len(s) {
		trozo += "…"
	}
	return trozo
}

// Alrededor devuelve s tal cual si no pasa de Max runas; si no, un trozo
// de a lo sumo Max runas que empieza unas pocas runas antes del byte pos
// (con "…" adelante y atrás si s sigue), como Desde.
func Alrededor(s string, pos int) string {
	if len(s) <= 4*Max && utf8.RuneCountInString(s) <= Max {
		return strings.Clone(s)
	}
	pos = min(max(pos, 0), len(s))
	ini := pos
	for atras := 0; ini > 0 && atras < Max/4; atras++ {
		_, n := utf8.DecodeLastRuneInString(s[:ini])
		ini -= n
	}
	trozo := Desde(s, ini)
	if ini > 0 {
		trozo = "…" + trozo
	}
	return trozo
}

// Texto es Desde(s, 0): el principio de s.
func Texto(s string) string { return Desde(s, 0) }
