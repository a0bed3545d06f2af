package generador

import (
	"cmp"
	"math/bits"
	"slices"
	"sync"

	"github.com/juegodepalabras/palabras/internal/arcos"
	"github.com/juegodepalabras/palabras/letra"
)

// indiceMapa es un índice exacto de palabras por el resumen h de un
// multiconjunto de letras (ver mapaPalabras): los grupos de palabras con la
// misma clave, en una tabla de dispersión abierta (sondeo lineal desde la
// ranura ⌊h·R/2⁶⁴⌋, con R ranuras) de ranuras de 16 bytes. Una clave que no es de ningún grupo no da palabras;
// una de un grupo da las de ese grupo, que quien busca verifica letra por
// letra (dos multiconjuntos distintos con el mismo resumen de 64 bits
// darían palabras de más, nunca de menos).
//
// Una búsqueda que encuentra su grupo lee una ranura y, si el grupo tiene
// una sola palabra (casi siempre), la palabra: la ranura guarda dónde
// empiezan sus letras. Si tiene más, ids guarda dónde empieza cada una.
type indiceMapa struct {
	ranuras []ranuraMapa // ocupadas en tres cuartos
	ids     []uint32     // los comienzos de las palabras de los grupos de más de una
	grupos  int          // las ranuras ocupadas
}

// ranuraMapa es un grupo del índice: su clave; pos, el comienzo de su
// palabra en palabrasMapa.letras si tiene una sola, o de sus comienzos en
// ids si tiene más; y info, la cantidad de palabras (24 bits, 0: ranura
// vacía) y su largo (los 8 bits altos).
type ranuraMapa struct {
	clave uint64
	pos   uint32
	info  uint32
}

// cuantas es la cantidad de palabras del grupo (0: ranura vacía).
func (r *ranuraMapa) cuantas() int { return int(r.info & (1<<24 - 1)) }

// largo es el largo de las palabras del grupo.
func (r *ranuraMapa) largo() int { return int(r.info >> 24) }

// comienzo devuelve dónde empiezan las letras de la palabra k del grupo r
// del índice x.
func (x *indiceMapa) comienzo(r *ranuraMapa, k int) uint32 {
	if r.cuantas() == 1 {
		return r.pos
	}
	return x.ids[int(r.pos)+k]
}

// par es una clave con el comienzo de una palabra y su largo, para armar
// un índice.
type par struct {
	clave  uint64
	inicio uint32
	largo  uint8
}

// maxPalabrasGrupo es la mayor cantidad de palabras de un grupo del índice.
const maxPalabrasGrupo = 1<<24 - 1

// nuevoIndice arma el índice de los pares ps, que vienen en orden de
// inicio (el de las palabras en las letras del mapa) y que ordena por
// clave.
func nuevoIndice(ps []par) indiceMapa {
	ordenarPorClave(ps)
	ngrupos, nids := 0, 0
	for i := 0; i < len(ps); {
		j := finGrupo(ps, i)
		if ngrupos++; j-i > 1 {
			nids += j - i
		}
		i = j
	}
	grupos := make([]ranuraMapa, 0, ngrupos)
	ids := make([]uint32, 0, nids)
	for i := 0; i < len(ps); {
		j := finGrupo(ps, i)
		r := ranuraMapa{clave: ps[i].clave, pos: ps[i].inicio, info: uint32(j-i) | uint32(ps[i].largo)<<24}
		if j-i > 1 {
			r.pos = uint32(len(ids))
			for _, p := range ps[i:j] {
				ids = append(ids, p.inicio)
			}
		}
		grupos = append(grupos, r)
		i = j
	}
	return indiceDeGrupos(grupos, ids)
}

// finGrupo devuelve dónde termina el grupo que empieza en ps[i]: los pares
// siguientes con su clave, hasta maxPalabrasGrupo.
func finGrupo(ps []par, i int) int {
	j := i + 1
	for j < len(ps) && ps[j].clave == ps[i].clave && j-i < maxPalabrasGrupo {
		j++
	}
	return j
}

// ordenarPorClave ordena ps por clave sin cambiar el orden de los de la
// misma clave: ps en orden de inicio queda en orden de clave y de inicio.
// Es un radix sort de 3 pasadas de 11 bits sobre los 33 bits altos, con las
// cuentas de todas hechas en una lectura, y después cada tramo de pares con
// los mismos 33 bits altos (casi siempre de uno, o de claves iguales) se
// ordena por la clave entera: los resúmenes tienen los bits repartidos, así
// que las claves distintas casi nunca comparten sus 33 bits altos. Ordenar
// con comparaciones los millones de pares del léxico español se llevaba el
// 70 % del armado del mapa; 6 pasadas sobre los 64 bits, el 40 %.
func ordenarPorClave(ps []par) {
	const bitsPasada, pasadas = 11, 3
	const cubetas, desde = 1 << bitsPasada, 64 - pasadas*bitsPasada
	var cuentas [pasadas][cubetas]int
	for i := range ps {
		for k := range pasadas {
			cuentas[k][(ps[i].clave>>(desde+k*bitsPasada))&(cubetas-1)]++
		}
	}
	aux := make([]par, len(ps))
	de, a := ps, aux
	for k := range pasadas {
		c := &cuentas[k]
		suma := 0
		for b := range c {
			c[b], suma = suma, suma+c[b]
		}
		for i := range de {
			b := (de[i].clave >> (desde + k*bitsPasada)) & (cubetas - 1)
			a[c[b]] = de[i]
			c[b]++
		}
		de, a = a, de
	}
	copy(ps, de) // con una cantidad impar de pasadas, lo ordenado quedó en aux
	for i := 0; i < len(ps); {
		j := i + 1
		distintas := false
		for j < len(ps) && ps[j].clave>>desde == ps[i].clave>>desde {
			distintas = distintas || ps[j].clave != ps[j-1].clave
			j++
		}
		if distintas {
			slices.SortStableFunc(ps[i:j], func(x, y par) int { return cmp.Compare(x.clave, y.clave) })
		}
		i = j
	}
}

// indiceDeGrupos arma la tabla de los grupos gs (de claves distintas).
func indiceDeGrupos(gs []ranuraMapa, ids []uint32) indiceMapa {
	x := indiceMapa{ranuras: make([]ranuraMapa, len(gs)+len(gs)/3+1), ids: ids, grupos: len(gs)}
	for _, r := range gs {
		i := x.primera(r.clave)
		for x.ranuras[i].info != 0 {
			if i++; i == len(x.ranuras) {
				i = 0
			}
		}
		x.ranuras[i] = r
	}
	return x
}

// primera es la primera ranura donde se busca la clave h: los resúmenes
// son sumas de números al azar, así que sus bits altos ya están repartidos.
func (x *indiceMapa) primera(h uint64) int {
	i, _ := bits.Mul64(h, uint64(len(x.ranuras)))
	return int(i)
}

// buscar devuelve el grupo de clave h (nil si no hay).
func (x *indiceMapa) buscar(h uint64) *ranuraMapa {
	i := x.primera(h)
	for {
		r := &x.ranuras[i]
		if r.info == 0 {
			return nil
		}
		if r.clave == h {
			return r
		}
		if i++; i == len(x.ranuras) {
			i = 0
		}
	}
}

// bytes es lo que ocupa el índice.
func (x *indiceMapa) bytes() int {
	return 16*len(x.ranuras) + 4*len(x.ids)
}

// palabrasMapa es la parte exacta del mapa de palabras: las palabras del
// léxico de hasta maxLargo letras (las que caben en una línea del
// tablero), con sus letras, indexadas por el multiconjunto de sus
// letras (exacto: las anagramas de un multiconjunto) y por cada
// multiconjunto de sus letras menos una (menosUna: las palabras que forma
// un multiconjunto con un comodín). Con dos comodines se busca en menosUna
// el multiconjunto más cada letra del alfabeto.
//
// menosUna tiene unas 7 claves por palabra y arma más de las tres cuartas
// partes del mapa; solo la piden los atriles con comodines, así que se arma
// la primera vez que uno la pide ([palabrasMapa.conMenosUna]); antes de eso
// no se lee.
type palabrasMapa struct {
	exacto, menosUna indiceMapa
	letras           []letra.Letra // las de todas las palabras, una tras otra
	largos           []uint8       // el largo de cada palabra, en el orden de letras; nil si menosUna vino armada
	palabras         int           // cuántas son
	maxLargo         int
	unaVez           sync.Once // arma menosUna
}

// conMenosUna arma menosUna si todavía no está: quien busca con comodines
// la llama antes de leerla. Es segura entre gorutinas.
func (p *palabrasMapa) conMenosUna() {
	p.unaVez.Do(func() {
		claves, inicio := 0, 0
		for _, n := range p.largos {
			claves += bits.OnesCount64(presentes(p.letras[inicio : inicio+int(n)]))
			inicio += int(n)
		}
		menosUna := make([]par, 0, claves)
		inicio = 0
		for _, n := range p.largos {
			w := p.letras[inicio : inicio+int(n)]
			h := resumen(w)
			for s := presentes(w); s != 0; s &= s - 1 {
				menosUna = append(menosUna, par{h - zMapa[bits.TrailingZeros64(s)], uint32(inicio), n})
			}
			inicio += int(n)
		}
		p.menosUna = nuevoIndice(menosUna)
		p.largos = nil
	})
}

// palabra devuelve las letras de la palabra k del grupo r del índice x.
func (p *palabrasMapa) palabra(x *indiceMapa, r *ranuraMapa, k int) []letra.Letra {
	i := x.comienzo(r, k)
	return p.letras[i : i+uint32(r.largo())]
}

// bytes es lo que ocupa la parte exacta del mapa.
func (p *palabrasMapa) bytes() int {
	return p.exacto.bytes() + p.menosUna.bytes() + len(p.letras)
}

// nuevasPalabrasMapa recorre las palabras del DAWG que el GADDAG a (de
// raíz raiz) lleva tras el giro y arma el índice exacto (menosUna, cuando
// se pida). Las recorre dos veces: la primera cuenta cuántas palabras y
// letras hay, para pedir cada arreglo una vez de su tamaño (hacerlos crecer
// copiaba ≈ 1 GB en el léxico español y se llevaba más de la mitad del
// armado).
func nuevasPalabrasMapa(a arcos.Arcos, raiz uint32, maxLargo int) *palabrasMapa {
	var w [64]letra.Letra
	var palabras, letras int
	recorrerPalabras(a, raiz, maxLargo, &w, func(n int) {
		palabras++
		letras += n
	})
	p := &palabrasMapa{maxLargo: maxLargo, letras: make([]letra.Letra, 0, letras), largos: make([]uint8, 0, palabras)}
	exacto := make([]par, 0, palabras)
	recorrerPalabras(a, raiz, maxLargo, &w, func(n int) {
		exacto = append(exacto, par{resumen(w[:n]), uint32(len(p.letras)), uint8(n)})
		p.letras = append(p.letras, w[:n]...)
		p.largos = append(p.largos, uint8(n))
	})
	p.palabras = palabras
	p.exacto = nuevoIndice(exacto)
	return p
}

// resumen es el resumen del multiconjunto de las letras de w: la suma de
// sus zMapa.
func resumen(w []letra.Letra) uint64 {
	var h uint64
	for _, x := range w {
		h += zMapa[x]
	}
	return h
}

// presentes es el conjunto (un bit por letra) de las letras de w.
func presentes(w []letra.Letra) uint64 {
	var hay uint64
	for _, x := range w {
		hay |= 1 << x
	}
	return hay
}

// recorrerPalabras llama a f(n) por cada palabra de hasta maxLargo letras
// del DAWG que el GADDAG a (de raíz raiz) lleva tras el giro, en orden, con
// sus n letras en w[:n].
func recorrerPalabras(a arcos.Arcos, raiz uint32, maxLargo int, w *[64]letra.Letra, f func(n int)) {
	var recorrer func(nodo uint32, n int)
	recorrer = func(nodo uint32, n int) {
		s := a.Salidas(nodo)
		for i := range uint32(bits.OnesCount64(s)) {
			e := a.En(nodo + 1 + i)
			w[n] = letra.Letra(uint32(e) & arcos.MascaraLetra)
			if uint32(e)&arcos.BitAcepta != 0 {
				f(n + 1)
			}
			if hijo := uint32(e) >> arcos.DesplHijo; hijo != 0 && n+1 < maxLargo && n+1 < len(w) {
				recorrer(hijo, n+1)
			}
		}
	}
	s := a.Salidas(raiz)
	primero := raiz + 1 + uint32(s>>63)
	for i := range uint32(bits.OnesCount64(s &^ (1 << 63))) {
		e := a.En(primero + i)
		w[0] = letra.Letra(uint32(e) & arcos.MascaraLetra)
		if uint32(e)&arcos.BitAcepta != 0 {
			f(1)
		}
		t := uint32(e) >> arcos.DesplHijo
		if t == 0 || a.Salidas(t)>>63 == 0 || maxLargo < 2 {
			continue
		}
		if u := uint32(a.En(t+1)) >> arcos.DesplHijo; u != 0 {
			recorrer(u, 1)
		}
	}
}

// exactas guarda la parte exacta del mapa de cada GADDAG y largo máximo,
// hecha una vez.
var exactas sync.Map // claveExacta → *exactasUnaVez

type claveExacta struct {
	gaddag   any
	maxLargo int
}

type exactasUnaVez struct {
	una sync.Once
	p   *palabrasMapa
}

// palabrasDe devuelve la parte exacta del mapa de las palabras de hasta
// maxLargo letras del GADDAG a (de raíz raiz): la construye la primera vez.
func palabrasDe(a arcos.Arcos, raiz uint32, maxLargo int, clave any) *palabrasMapa {
	v, _ := exactas.LoadOrStore(claveExacta{clave, maxLargo}, &exactasUnaVez{})
	u := v.(*exactasUnaVez)
	u.una.Do(func() { u.p = nuevasPalabrasMapa(a, raiz, maxLargo) })
	return u.p
}
