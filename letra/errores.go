package letra

import (
	"errors"
	"fmt"
)

// Errores que devuelve el paquete. Se comparan con [errors.Is].
var (
	// ErrFueraDeRango indica un ordinal que no corresponde a ninguna letra
	// del alfabeto (la precondición n < A de ord⁻¹).
	ErrFueraDeRango = errors.New("letra: ordinal fuera del alfabeto")
	// ErrCaracterDesconocido indica un carácter que no forma parte de ningún
	// símbolo del alfabeto. Los errores de lectura lo envuelven en un
	// [*ErrorCaracter] que dice cuál y dónde.
	ErrCaracterDesconocido = errors.New("letra: carácter fuera del alfabeto")
	// ErrAlfabetoInvalido indica que los símbolos dados no forman un
	// alfabeto (ninguno, más de [MaxLetras], repetidos, vacíos o con
	// caracteres que no son letras) o que falta el alfabeto (un
	// *Alfabeto nil, en los paquetes que lo piden).
	ErrAlfabetoInvalido = errors.New("letra: alfabeto inválido")
)

// ErrorCaracter describe un carácter que impidió leer una palabra con un
// alfabeto. Envuelve a [ErrCaracterDesconocido].
type ErrorCaracter struct {
	Palabra  string // la palabra tal como se recibió; si es larga, un trozo alrededor del carácter
	Posicion int    // posición del carácter, contando runas desde 0
	Caracter rune   // el carácter, tal como aparece en la palabra
}

// Error nombra el carácter, su posición y la palabra.
func (e *ErrorCaracter) Error() string {
	return fmt.Sprintf("letra: %q: el carácter %q (posición %d) no pertenece al alfabeto",
		e.Palabra, e.Caracter, e.Posicion)
}

// Unwrap devuelve [ErrCaracterDesconocido].
func (e *ErrorCaracter) Unwrap() error { return ErrCaracterDesconocido }
