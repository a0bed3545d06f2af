package sitio

import (
	"encoding/json"
	"fmt"

	"github.com/juegodepalabras/palabras/app/internal/revision"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/notacion"
	"github.com/juegodepalabras/palabras/servidor"
)

// El protocolo: una jugada tal como la envía la página (CH es una sola
// ficha; la A es un comodín), cómo se nombra su lugar en la planilla, y el
// texto (en el idioma de la partida) y el código con que el servidor
// explica un rechazo.
func Example() {
	b, _ := json.Marshal(mensajeCliente{Tipo: "jugar", Fichas: []revision.Ficha{{F: 7, C: 7, L: "CH"}, {F: 7, C: 8, L: "A", Comodin: true}}})
	fmt.Println(string(b))
	fmt.Println(notacion.Coordenada{Fila: 7, Columna: 7, Horizontal: true}, notacion.Coordenada{Fila: 4, Columna: 7})
	for _, err := range []error{servidor.ErrNoEsSuTurno, &juego.ErrorJugada{Motivo: juego.ErrPalabraIlegitima, Palabra: "CHAZ"}, ErrOtroAsiento} {
		fmt.Printf("%s / %s (%s)\n", textoDe(err, "es"), textoDe(err, "en"), codigoDe(err))
	}
	// Output:
	// {"tipo":"jugar","fichas":[{"f":7,"c":7,"l":"CH"},{"f":7,"c":8,"l":"A","comodin":true}]}
	// 8H H5
	// No es su turno. / It is not your turn. (turno)
	// Jugada inválida: se forma una palabra que no es legítima (CHAZ). / Invalid play: a word is not in the lexicon (CHAZ). (jugada)
	// Ese asiento no es el suyo. / That seat is not yours. (asiento)
}

// Los nombres: la forma que se muestra y la clave con que se comparan; los
// look-alikes de un bot, los invisibles y los alfabetos mezclados no
// sirven.
func Example_nombres() {
	for _, s := range []string{"  José   María ", "ＡＮＡ", "Bоt experto", "ВОТ", "B0T", "Ana\u200b", "Раul", "Ελένη"} {
		nombre, clave, err := normalizarNombre(s)
		if err != nil {
			fmt.Printf("%q: %v (%s)\n", s, textoDe(err, "es"), codigoDe(err))
			continue
		}
		fmt.Printf("%q: %q, clave %q\n", s, nombre, clave)
	}
	// Output:
	// "  José   María ": "José María", clave "jose maria"
	// "ＡＮＡ": "ANA", clave "ana"
	// "Bоt experto": El nombre mezcla alfabetos o tiene caracteres invisibles o que no son letras: mezcla Latin y Cyrillic. (confuso)
	// "ВОТ": Ese nombre está reservado (los que empiezan con «Bot» son de los bots; «Invitado», de los invitados). (reservado)
	// "B0T": Ese nombre está reservado (los que empiezan con «Bot» son de los bots; «Invitado», de los invitados). (reservado)
	// "Ana\u200b": El nombre mezcla alfabetos o tiene caracteres invisibles o que no son letras: U+200B. (confuso)
	// "Раul": El nombre mezcla alfabetos o tiene caracteres invisibles o que no son letras: mezcla Cyrillic y Latin. (confuso)
	// "Ελένη": "Ελένη", clave "eλevn"
}
