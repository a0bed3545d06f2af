package final

import (
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante"
)

// ConTopeNodos devuelve op con un tope de nodos por hilo (para medir con
// nodos en lugar de tiempo).
func ConTopeNodos(op Opciones, n int64) Opciones {
	op.topeNodos = n
	return op
}

// ConTopePreFinal devuelve op con el tope de nodos de la primera búsqueda
// de cada final de PreFinal en n (con un tope chico, PreFinal descarta
// candidatas por cotas aun en prefinales chicos).
func ConTopePreFinal(op Opciones, n int64) Opciones {
	op.topePreFinal = n
	return op
}

// AchicarTabla pone en r una tabla de transposición de n entradas (una
// potencia de 2), para que PreFinal tenga que agrandarla aun con finales
// chicos.
func AchicarTabla(r *Resolvedor, n uint64) {
	r.c.reserva.Do(func() {})
	r.c.tabla.Store(&tabla{e: make([]entrada, n), mascara: n - 1})
}

// EntradasTabla devuelve cuántas entradas tiene la tabla de r (0 si no
// tiene).
func EntradasTabla(r *Resolvedor) int {
	if t := r.c.tabla.Load(); t != nil {
		return len(t.e)
	}
	return 0
}

// Vaciables devuelve, para el final de j (de la variante v), si se supo
// (podado.vaciables) y una función que informa si una jugada podría dejar
// vacía la mano m del jugador i (0 o 1 de j): false es que seguro que no.
// Las manos que no son sub-manos de la de i en j dan true.
func Vaciables(v *variante.Variante, j *juego.Juego) (bool, func(i int, m letra.Multiconjunto) bool, error) {
	var quedan letra.Multiconjunto
	var manos [2]letra.Multiconjunto
	for i := range 2 {
		manos[i], _ = j.Fichas(i)
		quedan = quedan.Suma(manos[i])
	}
	pd, err := variantePodada(v, j, quedan, nil)
	if err != nil {
		return false, nil, err
	}
	var sub [2]map[letra.Multiconjunto]bool
	sabido := true
	for i := range 2 {
		sub[i] = map[letra.Multiconjunto]bool{}
		sabido = pd.vaciables(manos[i], func(letras []letra.Letra, cant []int) {
			var m letra.Multiconjunto
			for x, l := range letras {
				m.AgregarN(l, cant[x])
			}
			sub[i][m] = true
		}) && sabido
	}
	return sabido, func(i int, m letra.Multiconjunto) bool {
		return !sabido || !manos[i].Incluye(m) || sub[i][m]
	}, nil
}

// SinVaciables devuelve op sin la poda de las manos que no se vacían
// (ver podado.vaciables), para medir lo que ahorra.
func SinVaciables(op Opciones) Opciones {
	op.sinVaciables = true
	return op
}

// Generaciones devuelve cuántas listas de jugadas generaron los hilos de r
// en la última búsqueda; de ellas, cuántas fueron de las salidas del rival
// (las jugadas con que se quedaría sin fichas, para acotar sin buscar) y
// cuántas de esas no hallaron ninguna.
func Generaciones(r *Resolvedor) (total, salidas, salidasVacias int64) {
	for _, w := range r.trab {
		total += w.generaciones
		salidas += w.salidas
		salidasVacias += w.salidasVacias
	}
	return total, salidas, salidasVacias
}
