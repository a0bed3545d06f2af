package busqueda

import (
	"errors"

	"github.com/juegodepalabras/palabras/internal/motor/cruces"
	"github.com/juegodepalabras/palabras/variante"
)

// Hacer pone en el tablero de e las fichas fs de una jugada válida en él
// (cruces.Tablero.Poner) y actualiza las celdas de cada dirección solo
// donde cambiaron: sirve para buscar sobre un árbol de jugadas sin pasar
// por un juego.Juego. [Estado.Deshacer] la deshace. Las jugadas se buscan
// después con [Estado.CargarMano] y [Motor.Buscar]. No reserva memoria
// después de las primeras veces.
func (e *Estado) Hacer(fs []cruces.Puesta) {
	e.Tablero.Poner(&e.Reglas, fs)
	e.rehacer()
}

// Deshacer deshace el último [Estado.Hacer] que no se deshizo.
func (e *Estado) Deshacer() {
	if e.Tablero.Hechas() == 0 {
		return
	}
	e.Tablero.Quitar()
	e.rehacer()
}

// Hechas devuelve cuántos [Estado.Hacer] hay sin deshacer.
func (e *Estado) Hechas() int { return e.Tablero.Hechas() }

// rehacer vuelve a armar las celdas de cada dirección que cambiaron en el
// último Poner o Quitar del tablero: las de cruces.Tablero.Cambiadas y,
// donde cambió la letra, sus vecinas de la línea (de las que dependen Ancla
// y Tope). Cambia Version: lo que el generador calculó de las celdas (la
// lista de anclas) se rehace.
func (e *Estado) rehacer() {
	e.Version++ // las anclas pueden ser otras
	n := e.N
	t := &e.Tablero
	cambiadas := t.Cambiadas()
	// Primero las que cambiaron de letra: rearmar una vecina antes de
	// mirarla escondería su cambio.
	e.otraLetra = e.otraLetra[:0]
	for _, p := range cambiadas {
		if e.CeldasDir[0][p].Letra != t.Letras[0][p] {
			e.otraLetra = append(e.otraLetra, p)
		}
	}
	for _, p := range e.otraLetra {
		f, c := p/n, p%n
		pt := c*n + f
		if c > 0 {
			e.rearmar(0, p-1)
		}
		if c+1 < n {
			e.rearmar(0, p+1)
		}
		if f > 0 {
			e.rearmar(1, pt-1)
		}
		if f+1 < n {
			e.rearmar(1, pt+1)
		}
	}
	for _, p := range cambiadas {
		e.rearmar(0, p)
		e.rearmar(1, p%n*n+p/n)
		e.rearmarSuelta(p)
	}
}

// Motor es una búsqueda de jugadas sobre el tablero de su [Estado], sin un
// juego.Juego detrás: se carga un tablero ([Estado.CargarTablero]), se
// hacen y deshacen jugadas en él ([Estado.Hacer], [Estado.Deshacer]) y en
// cada posición se cargan una mano ([Estado.CargarMano]) y un modo
// ([Estado.Empezar]) y se buscan sus jugadas ([Motor.Buscar]). Lo usan las
// búsquedas que recorren árboles de jugadas (analisis/final). El del
// GADDAG lo da [NuevoGADDAG]. No es seguro para usar desde varias
// gorutinas a la vez: cada una debe tener el suyo.
type Motor interface {
	// Estado devuelve el estado de la búsqueda: su tablero, la mano y la
	// salida.
	Estado() *Estado
	// Buscar recorre las jugadas de la mano cargada sobre el tablero del
	// estado, y hace con cada una lo que dice el modo de Empezar.
	Buscar()
}

// ErrSinMotor: [NuevoGADDAG] no tiene con qué armar el motor, porque el
// programa no enlaza el paquete generador.
var ErrSinMotor = errors.New("busqueda: el motor del GADDAG no está registrado (falta importar generador)")

// nuevoGADDAG arma un Motor del GADDAG; lo asigna generador al iniciarse.
var nuevoGADDAG func(v *variante.Variante) (Motor, error)

// RegistrarGADDAG guarda la función con que [NuevoGADDAG] arma el motor
// del GADDAG. La llama solo el paquete generador, en su init: así el motor
// no sale por ningún método exportado de generador, y este paquete no
// importa generador (que lo importa a él).
func RegistrarGADDAG(f func(v *variante.Variante) (Motor, error)) { nuevoGADDAG = f }

// NuevoGADDAG devuelve un Motor con la búsqueda del GADDAG de generador
// para la variante v, con el tablero vacío. Devuelve los errores de
// generador.Nuevo, o [ErrSinMotor] si el programa no enlaza generador.
func NuevoGADDAG(v *variante.Variante) (Motor, error) {
	if nuevoGADDAG == nil {
		return nil, ErrSinMotor
	}
	return nuevoGADDAG(v)
}
