package gcg

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/juegodepalabras/palabras/internal/cita"
)

// Regla es una regla del formato GCG que [Leer] comprueba además de
// repetir la partida: lo que el formato prohíbe pero los registros reales
// a veces traen. En el modo indulgente (el predeterminado) una falta es un
// [Aviso] en [Partida.Avisos] y la lectura sigue como si no estuviera; en
// el estricto ([Opciones.Estricto]) es un error. El valor cero,
// ReglaNinguna, es el de los errores que no dependen del modo.
type Regla uint8

// Las reglas que se comprueban.
const (
	// ReglaNinguna: un error de siempre (formato, puntaje, jugada), que
	// ningún modo perdona.
	ReglaNinguna Regla = iota
	// ReglaManoFinal: un pragma #rack1 o #rack2 (la mano de cada jugador
	// al cortar el registro) con una mano mal formada, de un jugador que no
	// existe, repetido, seguido de un suceso, que la bolsa no permite o que
	// no coincide con la mano del jugador al final.
	ReglaManoFinal
	// ReglaRetirada: la mano de una línea "--" no es la de la colocación
	// que retira.
	ReglaRetirada
	// ReglaFichasFinales: las fichas de una línea final no son las que
	// quedaron: en "MANO (MANO) -N", las dos manos entre sí y con la hoja
	// del jugador; en "(FICHAS) +N", con las de los demás.
	ReglaFichasFinales
	// ReglaDesafio: un premio por desafío, "(challenge)", que no sigue a
	// una colocación (no retirada) del mismo jugador.
	ReglaDesafio
	// ReglaTiempo: una segunda penalización por tiempo, "(time)", para un
	// mismo jugador.
	ReglaTiempo
	// ReglaTipoDeJuego: un #game-type que no es este juego (se aceptan
	// "classic" y "scrabble", sin distinguir mayúsculas, o ninguno).
	ReglaTipoDeJuego
	// ReglaPragma: un pragma de encabezado (#character-encoding, #lexicon,
	// #title, #description, #id, #game-type, #tile-distribution) repetido o
	// después del primer suceso, o un #character-encoding que no es la
	// primera línea.
	ReglaPragma
	// ReglaManoSiguiente: la mano registrada de un jugador no tiene las
	// fichas que conservó de su turno anterior, o tiene una que el
	// registro mostraba en la mano de otro jugador.
	ReglaManoSiguiente
)

var nombresRegla = [...]string{
	ReglaNinguna:       "ninguna",
	ReglaManoFinal:     "mano final",
	ReglaRetirada:      "retirada",
	ReglaFichasFinales: "fichas finales",
	ReglaDesafio:       "desafío",
	ReglaTiempo:        "tiempo",
	ReglaTipoDeJuego:   "tipo de juego",
	ReglaPragma:        "pragma",
	ReglaManoSiguiente: "mano siguiente",
}

// String devuelve el nombre de la regla ("retirada", "mano final"…), o
// "Regla(N)" si no es una de las constantes.
func (r Regla) String() string {
	if int(r) < len(nombresRegla) {
		return nombresRegla[r]
	}
	return fmt.Sprintf("Regla(%d)", uint8(r))
}

// Aviso es una falta a una [Regla] que [Leer] perdonó en el modo
// indulgente: la línea, la regla y el motivo, el mismo texto que sería el
// error en el modo estricto.
type Aviso struct {
	Linea int // desde 1; 0 si es del archivo entero
	Regla Regla
	Texto string
}

// String devuelve "línea N: regla: motivo".
func (a Aviso) String() string {
	return fmt.Sprintf("línea %d: %v: %s", a.Linea, a.Regla, a.Texto)
}

// control decide qué hacer con una falta según el modo y junta los
// avisos.
type control struct {
	estricto bool
	avisos   []Aviso
}

// falta anota que la línea num (texto) no cumple la regla, por el motivo
// que dan formato y args: en el modo estricto devuelve el [*ErrorLinea],
// que envuelve a base (ErrFormato o ErrInconsistente); en el indulgente
// anota el aviso y devuelve nil.
func (c *control) falta(num int, texto string, regla Regla, base error, formato string, args ...any) error {
	motivo := fmt.Sprintf(formato, args...)
	if c.estricto {
		return &ErrorLinea{Linea: num, Texto: cita.Texto(texto), Regla: regla, Err: fmt.Errorf("%w: %s: %s", base, regla, motivo)}
	}
	c.avisos = append(c.avisos, Aviso{Linea: num, Regla: regla, Texto: motivo})
	return nil
}

// ordenados devuelve los avisos en el orden de sus líneas.
func (c *control) ordenados() []Aviso {
	slices.SortStableFunc(c.avisos, func(a, b Aviso) int { return cmp.Compare(a.Linea, b.Linea) })
	return c.avisos
}

// pragmasDeEncabezado son los pragmas que dicen algo de la partida entera:
// van antes del primer suceso y una sola vez.
var pragmasDeEncabezado = []string{"#character-encoding", "#lexicon", "#title", "#description", "#id", "#game-type", "#tile-distribution"}

// nombrePragma devuelve el nombre del pragma de la línea texto ("#title"),
// o "" si no es un pragma.
func nombrePragma(texto string) string {
	if !strings.HasPrefix(texto, "#") {
		return ""
	}
	if i := strings.IndexAny(texto, " \t"); i >= 0 {
		return texto[:i]
	}
	return texto
}

// tipoDeJuegoValido informa si el valor de #game-type es este juego.
func tipoDeJuegoValido(valor string) bool {
	switch strings.ToLower(strings.TrimSpace(valor)) {
	case "classic", "scrabble":
		return true
	}
	return false
}
